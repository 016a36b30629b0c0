import { describe, expect, it } from 'vitest';
import { NOT_A_LICENCE_MESSAGE, normaliseZip, parseDriverLicence, parseLicenceDate } from './parseDriverLicence';

const LF = '\n';
const RS = '\u001e';
const CR = '\r';

/** A 2016-style US licence (AAMVA version 8) as a wedge scanner types it. */
const US_V8 = [
  `@${LF}${RS}${CR}ANSI 636014080102DL00410279ZC03200024DLDAQD1234567`,
  'DCSMONTGOMERY',
  'DDEN',
  'DACJANE',
  'DDFN',
  'DADELIZABETH',
  'DDGN',
  'DCAC',
  'DCBNONE',
  'DCDNONE',
  'DBD01152016',
  'DBB07041985',
  'DBA07042024',
  'DBC2',
  'DAU065 IN',
  'DAYBRO',
  'DAG2570 24TH STREET',
  'DAISACRAMENTO',
  'DAJCA',
  'DAK958184122  ',
  'DCF83D9BN217QO983B1',
  'DCGUSA',
  'DAW120',
  'DAZBRO',
  'DCK12345678900000000000',
  'DDB08292017',
  `ZCZCAGRN${CR}`,
].join(LF);

/** An older (version 2/3) barcode with the whole name in DAA and a ZIP+4 filler. */
const US_OLD = [
  `@${LF}${RS}${CR}ANSI 6360050101DL00300201DLDAQ0123456789ABC`,
  'DAAPUBLIC,JOHN,Q',
  'DAG123 NORTH STATE ST',
  'DAIANYTOWN',
  'DAJVA',
  'DAK123450000',
  'DARD',
  'DASB',
  'DATNONE',
  'DBA20261231',
  'DBB03171976',
  'DBC1',
  'DBD20120101',
  'DAU510',
].join(LF);

/** A Canadian licence: CCYYMMDD dates, postal code, DCT given names. */
const CANADA = [
  `@${LF}${RS}${CR}ANSI 636028090002DL00410262ZB03030009DLDCAG`,
  'DCBNONE',
  'DCDNONE',
  'DBA20280214',
  'DCSTREMBLAY',
  'DCTMARIE ANNE',
  'DBD20230214',
  'DBB19900214',
  'DBC2',
  'DAYBLU',
  'DAU163 CM',
  'DAG1200 BURRARD ST',
  'DAIVANCOUVER',
  'DAJBC',
  'DAKV6Z 2C7',
  'DAQ1234567',
  'DCFAB12345',
  'DCGCAN',
  'DDEN',
  'DDFN',
  'DDGN',
].join(LF);

describe('parseDriverLicence', () => {
  it('reads a current US licence', () => {
    expect(parseDriverLicence(US_V8)).toEqual({
      ok: true,
      licence: {
        lastName: 'MONTGOMERY',
        firstName: 'JANE',
        gender: 'female',
        street: '2570 24TH STREET',
        city: 'SACRAMENTO',
        state: 'CA',
        zip: '958184122',
        dob: '1985-07-04',
        dln: 'D1234567',
      },
    });
  });

  it('reads an older barcode: full name in DAA, ZIP+4 filler dropped, gender 1', () => {
    const result = parseDriverLicence(US_OLD);
    expect(result).toEqual({
      ok: true,
      licence: {
        lastName: 'PUBLIC',
        firstName: 'JOHN',
        gender: 'male',
        street: '123 NORTH STATE ST',
        city: 'ANYTOWN',
        state: 'VA',
        zip: '12345',
        dob: '1976-03-17',
        dln: '0123456789ABC',
      },
    });
  });

  it('reads a Canadian licence with CCYYMMDD dates and given names in DCT', () => {
    const result = parseDriverLicence(CANADA);
    expect(result.ok && result.licence).toMatchObject({
      lastName: 'TREMBLAY',
      firstName: 'MARIE',
      dob: '1990-02-14',
      zip: 'V6Z 2C7',
      state: 'BC',
      gender: 'female',
    });
  });

  it('tolerates scanners that drop line breaks and separators', () => {
    for (const sample of [US_V8, US_OLD, CANADA]) {
      const squashed = sample.replace(/[\r\n\u001e]/g, '');
      expect(parseDriverLicence(squashed)).toEqual(parseDriverLicence(sample));
    }
  });

  it('tolerates CR line endings and trailing spaces', () => {
    expect(parseDriverLicence(US_V8.replaceAll(LF, CR))).toEqual(parseDriverLicence(US_V8));
    expect(parseDriverLicence(US_V8.replaceAll(LF, `  ${CR}${LF}`))).toEqual(parseDriverLicence(US_V8));
  });

  it('maps gender 9, or none, to not specified', () => {
    const nine = parseDriverLicence(US_V8.replace('DBC2', 'DBC9'));
    expect(nine.ok && nine.licence.gender).toBe('not specified');
    const none = parseDriverLicence(US_V8.replace(`${LF}DBC2`, ''));
    expect(none.ok && none.licence.gender).toBe('not specified');
  });

  it('leaves an impossible date of birth empty instead of inventing one', () => {
    const result = parseDriverLicence(US_V8.replace('DBB07041985', 'DBB13451985'));
    expect(result.ok && result.licence.dob).toBe('');
  });

  it.each([
    ['', 'empty'],
    ['   ', 'blank'],
    ['hello world', 'plain text'],
    ['4006381333931', 'a product barcode'],
    ['https://example.com/DAQ', 'a URL'],
    [`@${LF}${RS}${CR}ANSI 636014080102DL00410279`, 'a header without data'],
    ['DAQ12345', 'a number without a name'],
    ['DCSSMITH', 'a name without a number'],
  ])('answers a clear message for %j (%s)', (raw) => {
    expect(parseDriverLicence(raw)).toEqual({ ok: false, message: NOT_A_LICENCE_MESSAGE });
  });
});

describe('licence parts', () => {
  it.each([
    ['07041985', '1985-07-04', "MMDDYYYY, the spec's order"],
    ['02141990', '1990-02-14', "MMDDYYYY, the spec's order"],
    ['12311999', '1999-12-31', "MMDDYYYY, the spec's order"],
    ['19850704', '1985-07-04', 'the CCYYMMDD fallback: 19 is no month'],
    ['20010203', '2001-02-03', 'the CCYYMMDD fallback: 20 is no month'],
    ['02302000', '', 'neither order is a real date'],
    ['13011990', '', 'neither order is a real date'],
    ['1985', '', 'not eight digits'],
    [undefined, '', 'nothing'],
  ])('reads the date %j as %j (%s)', (value, expected, _why) => {
    expect(parseLicenceDate(value)).toBe(expected);
  });

  it.each([
    ['123450000', '12345'],
    ['12345-0000', '12345'],
    ['123456789', '123456789'],
    ['12345', '12345'],
    ['0000', '0000'],
    [' 958184122 ', '958184122'],
  ])('normalises the zip %j to %j', (value, expected) => {
    expect(normaliseZip(value)).toBe(expected);
  });
});
