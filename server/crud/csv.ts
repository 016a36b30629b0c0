/** Spreadsheets run cells starting with these as formulas (CSV injection); a leading quote makes them text. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: formulas neutralised, quoted when it holds a separator, quote or line break. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  // Numbers are data, not formulas: -5 stays -5.
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
