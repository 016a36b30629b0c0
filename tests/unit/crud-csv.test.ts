import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from '../../server/crud/csv';
import { escapeLike } from '../../server/crud/listQuery';

describe('CSV cells', () => {
  it('neutralises formulas with a leading quote', () => {
    for (const text of ['=SUM(A1)', '+1', '-2+3', '@cmd', '\tx', '\rx']) expect(csvCell(text).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('leaves numbers as numbers, even negative ones', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes separators, quotes and line breaks', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(['a', 'b'])).toBe('"[""a"",""b""]"');
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n');
  });
});

describe('LIKE escaping', () => {
  it('escapes the wildcards and the escape character', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(escapeLike("' OR 1=1 --")).toBe("' OR 1=1 --");
  });
});
