/**
 * Driver's-licence barcodes (AAMVA PDF417 text, as a keyboard-wedge scanner types it) → the nine
 * fields of spec 01 §3. Pure: no DOM, so the same parser serves the field, tests and any screen.
 */

export type LicenceGender = 'male' | 'female' | 'not specified';

export interface DriverLicence {
  lastName: string;
  firstName: string;
  gender: LicenceGender;
  street: string;
  city: string;
  state: string;
  zip: string;
  /** YYYY-MM-DD, or '' when the barcode holds no valid date. */
  dob: string;
  dln: string;
}

export type LicenceParseResult = { ok: true; licence: DriverLicence } | { ok: false; message: string };

export const NOT_A_LICENCE_MESSAGE = "The scanned text is not a driver's licence barcode.";

/**
 * AAMVA data element ids this parser reads or must recognise as boundaries when a scanner drops the
 * separators (the scanner also sends middle name, dates, eye and hair colour, height, country, document id).
 */
const ELEMENT_IDS = [
  'DAA',
  'DAB',
  'DAC',
  'DAD',
  'DAE',
  'DAF',
  'DAG',
  'DAH',
  'DAI',
  'DAJ',
  'DAK',
  'DAQ',
  'DAR',
  'DAS',
  'DAT',
  'DAU',
  'DAW',
  'DAY',
  'DAZ',
  'DBA',
  'DBB',
  'DBC',
  'DBD',
  'DBH',
  'DCA',
  'DCB',
  'DCD',
  'DCE',
  'DCF',
  'DCG',
  'DCH',
  'DCI',
  'DCJ',
  'DCK',
  'DCL',
  'DCS',
  'DCT',
  'DCU',
  'DDA',
  'DDB',
  'DDC',
  'DDD',
  'DDE',
  'DDF',
  'DDG',
  'DDH',
  'DDI',
  'DDJ',
  'DDK',
  'DDL',
] as const;
const ELEMENT_SET: ReadonlySet<string> = new Set(ELEMENT_IDS);
const SEPARATORS = /[\r\n\u001e\u001d\u001c]+/;

/** Elements one per line: the normal case. Lines may carry the subfile designator before the first id ('DLDAQ…'). */
function elementsByLine(raw: string): Map<string, string> {
  const elements = new Map<string, string>();
  for (const line of raw.split(SEPARATORS)) {
    const text = line.replace(/^.*?DL(?=D[A-Z]{2})/, '');
    const id = text.slice(0, 3);
    if (ELEMENT_SET.has(id) && !elements.has(id)) elements.set(id, text.slice(3).trim());
  }
  return elements;
}

/**
 * Elements when the scanner dropped the separators: each known id starts a field that runs to the next
 * known id. An id is taken only once, so a value that happens to contain a later id's letters is cut
 * at most once; the line split is always tried first.
 */
function elementsByScan(raw: string): Map<string, string> {
  const start = raw.search(/DAQ|DCS|DAA|DAB/);
  const text = start >= 0 ? raw.slice(start) : raw;
  const pattern = new RegExp(`(${ELEMENT_IDS.join('|')})`, 'g');
  const marks: Array<{ id: string; at: number }> = [];
  const seen = new Set<string>();
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (seen.has(match[1]!)) continue;
    seen.add(match[1]!);
    marks.push({ id: match[1]!, at: match.index });
  }
  const elements = new Map<string, string>();
  marks.forEach((mark, index) => {
    const end = marks[index + 1]?.at ?? text.length;
    elements.set(mark.id, text.slice(mark.at + 3, end).trim());
  });
  return elements;
}

function isRealDate(year: number, month: number, day: number): boolean {
  if (year < 1900 || year > 2100 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * Date of birth: MMDDYYYY, as spec 01 §5 reads it (and as US barcodes write it). Canadian barcodes write
 * CCYYMMDD; that order is read only when MMDDYYYY is not a real date. The two never both are: a CCYYMMDD
 * year from 1900 to 2100 starts with 19, 20 or 21, which is no month.
 */
export function parseLicenceDate(value: string | undefined): string {
  const digits = (value ?? '').replace(/\D/g, '');
  if (digits.length !== 8) return '';
  const spec = { year: Number(digits.slice(4, 8)), month: Number(digits.slice(0, 2)), day: Number(digits.slice(2, 4)) };
  const fallback = { year: Number(digits.slice(0, 4)), month: Number(digits.slice(4, 6)), day: Number(digits.slice(6, 8)) };
  const found = [spec, fallback].find(({ year, month, day }) => isRealDate(year, month, day));
  return found ? `${found.year}-${pad(found.month)}-${pad(found.day)}` : '';
}

/** Spec 01 §5: a zip ending in 0000 loses those four characters (the AAMVA ZIP+4 filler). */
export function normaliseZip(value: string | undefined): string {
  const zip = (value ?? '').trim();
  return zip.endsWith('0000') && zip.length > 4 ? zip.slice(0, -4).replace(/-$/, '') : zip;
}

function genderOf(value: string | undefined): LicenceGender {
  const code = (value ?? '').trim().toUpperCase();
  if (code === '1' || code === 'M') return 'male';
  if (code === '2' || code === 'F') return 'female';
  return 'not specified';
}

/** Older barcodes carry the whole name in DAA: 'LAST,FIRST,MIDDLE' (or 'LAST FIRST'). */
function namesOf(elements: Map<string, string>): { lastName: string; firstName: string } {
  const full = (elements.get('DAA') ?? '')
    .split(/[,$]/)
    .map((part) => part.trim())
    .filter(Boolean);
  const lastName = elements.get('DCS') || elements.get('DAB') || full[0] || '';
  const given = elements.get('DAC') || elements.get('DCT') || full[1] || '';
  // DCT may hold every given name ('JOHN MICHAEL' or 'JOHN,MICHAEL'): the first is the first name.
  const firstName = given.split(/[,\s]+/).filter(Boolean)[0] ?? '';
  return { lastName, firstName };
}

const title = (text: string) => text.trim().replace(/\s+/g, ' ');

/** Reads a licence barcode; text that is not one answers a clear message instead of empty fields. */
export function parseDriverLicence(raw: string): LicenceParseResult {
  const input = typeof raw === 'string' ? raw : '';
  if (input.trim() === '') return { ok: false, message: NOT_A_LICENCE_MESSAGE };
  let elements = elementsByLine(input);
  if (elements.size < 3) elements = elementsByScan(input);
  const dln = title(elements.get('DAQ') ?? '');
  const { lastName, firstName } = namesOf(elements);
  // A licence has at least its number and a name; a random string of capitals does not pass as one.
  if (!dln || !lastName || elements.size < 3) return { ok: false, message: NOT_A_LICENCE_MESSAGE };
  return {
    ok: true,
    licence: {
      lastName: title(lastName),
      firstName: title(firstName),
      gender: genderOf(elements.get('DBC')),
      street: title(elements.get('DAG') ?? ''),
      city: title(elements.get('DAI') ?? ''),
      state: title(elements.get('DAJ') ?? ''),
      zip: normaliseZip(elements.get('DAK')),
      dob: parseLicenceDate(elements.get('DBB')),
      dln,
    },
  };
}
