import { csvField, toCsv } from './csv';

describe('csv', () => {
  it('quotes per RFC 4180, joins lists and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField(['a', 'b'])).toBe('"a, b"');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(3)).toBe('3');
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('+44 7700 900123')).toBe('+44 7700 900123');
  });

  it('writes a header line and a line per row, CRLF with a trailing newline', () => {
    const rows = [
      { n: 'Ann', c: 2 },
      { n: '@x', c: null },
    ];
    expect(
      toCsv(rows, [
        ['Name', (r) => r.n],
        ['Count', (r) => r.c],
      ]),
    ).toBe("Name,Count\r\nAnn,2\r\n'@x,\r\n");
  });
});
