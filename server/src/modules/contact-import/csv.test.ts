import { cleanHeaders, csvField, decodeUtf8, detectDelimiter, padRow, parseCsv, toCsv, trimRow } from './csv';
import { isCsvFile } from './contact-import.service';

describe('csv', () => {
  test.each([
    ['a,b,c\n1;2', ','],
    ['a;b;c\n1,2', ';'],
    ['a\tb\tc', '\t'],
    ['"x,y,z";b;c', ';'],
    ['single', ','],
  ])('detectDelimiter(%j) = %j', (text, delimiter) => {
    expect(detectDelimiter(text)).toBe(delimiter);
  });

  test('decodeUtf8 strips a BOM and refuses other encodings and NUL', () => {
    expect(decodeUtf8(Buffer.from('\ufeffNamé', 'utf8'))).toBe('Namé');
    expect(decodeUtf8(Buffer.from('Namé', 'utf8'))).toBe('Namé');
    expect(() => decodeUtf8(Buffer.from('Nam\xe9', 'latin1'))).toThrow('The file must be UTF-8 encoded CSV');
    expect(() => decodeUtf8(Buffer.from('a\u0000b'))).toThrow('The file must be UTF-8 encoded CSV');
  });

  test('cleanHeaders trims, names blanks, makes repeats unique and keeps __proto__ out', () => {
    expect(cleanHeaders([' Email ', '', 'Email', 'Email', '__proto__', 'x'.repeat(300)])).toEqual([
      'Email',
      'Column 2',
      'Email (2)',
      'Email (3)',
      'Column 5',
      'x'.repeat(200),
    ]);
  });

  test('parseCsv keeps rows as short as they came (readers pad), names unnamed data columns, drops empty ones, limits rows', () => {
    expect(parseCsv('a,b,,\n1\n2,3,4,\n')).toEqual({
      headers: ['a', 'b', 'Column 3'],
      rows: [['1'], ['2', '3', '4']],
    });
    expect(parseCsv('a,b\n1,2,3\n').headers).toEqual(['a', 'b', 'Column 3']);
    expect(() => parseCsv('a\n1\n2\n3\n', 2)).toThrow('The file has more than 200,000 rows');
    expect(parseCsv('a\n1\n2\n', 2).rows).toHaveLength(2);
  });

  test('parseCsv refuses more than 500 columns; a wide header over short rows costs no more than the file', () => {
    const header = Array.from({ length: 501 }, (_, i) => `c${i}`).join(',');
    expect(() => parseCsv(`${header}\nx@example.com\n`)).toThrow('The file has more than 500 columns');
    const wide = Array.from({ length: 500 }, (_, i) => `c${i}`).join(',');
    const parsed = parseCsv(`${wide}\n${'x\n'.repeat(1000)}`);
    expect(parsed.headers).toHaveLength(500);
    expect(parsed.rows.every((row) => row.length === 1)).toBe(true);
  });

  test('cleanHeaders stays linear for many repeats of one name', () => {
    const names = cleanHeaders(Array.from({ length: 50_000 }, () => 'a'));
    expect(names[0]).toBe('a');
    expect(names[49_999]).toBe('a (50000)');
    expect(new Set(names).size).toBe(50_000);
    expect(cleanHeaders(['a', 'a (2)', 'a', 'a'])).toEqual(['a', 'a (2)', 'a (3)', 'a (4)']);
  });

  test('parseCsv numbers rows as a spreadsheet does when blank rows shift them', () => {
    // Row 1 blank, header on row 2, Ada row 3, rows 4–5 blank, Bob row 6 over two lines (one row), Cy row 7.
    const parsed = parseCsv('\nName,Email\nAda,ada@x.io\n\n,,\n"Bob\nBuilder",bob@x.io\nCy,cy@x.io\n');
    expect(parsed.rows.map((r) => r[0])).toEqual(['Ada', 'Bob\nBuilder', 'Cy']);
    expect(parsed.rowNumbers).toEqual([3, 6, 7]);
    expect(parseCsv('Name,Email\nAda,ada@x.io\nBob,bob@x.io\n').rowNumbers).toBeUndefined();
  });

  test('padRow and trimRow', () => {
    expect(padRow(['1'], 3)).toEqual(['1', '', '']);
    expect(trimRow(['1', ' ', ''])).toEqual(['1']);
    expect(trimRow(['', ''])).toEqual([]);
  });

  test.each([
    ['plain', 'plain'],
    ['with, comma', '"with, comma"'],
    ['say "hi"', '"say ""hi"""'],
    ['line\nbreak', '"line\nbreak"'],
    ['=1+1', "'=1+1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['+44 7700 900123', '+44 7700 900123'],
    ['-12.5', '-12.5'],
    ['-cmd|calc', "'-cmd|calc"],
    ['+HYPERLINK("x")', '"\'+HYPERLINK(""x"")"'],
    // formulas hidden behind blanks and invisible characters
    [' =1+1', "' =1+1"],
    ['\t=1+1', "'\t=1+1"],
    ['\u00a0=1+1', "'\u00a0=1+1"],
    ['\u200b@SUM(A1)', "'\u200b@SUM(A1)"],
    ['\ufeff-cmd|calc', "'\ufeff-cmd|calc"],
    ['\u2060+1+1', "'\u2060+1+1"],
    [' +44 7700 900123', ' +44 7700 900123'],
  ])('csvField(%j) = %j', (value, field) => {
    expect(csvField(value)).toBe(field);
  });

  test('toCsv joins lines with CRLF', () => {
    expect(
      toCsv([
        ['Row', 'Errors'],
        [2, null],
      ]),
    ).toBe('Row,Errors\r\n2,\r\n');
    expect(toCsv([])).toBe('');
  });

  test.each([
    ['contacts.csv', 'application/octet-stream', true],
    ['CONTACTS.CSV', '', true],
    ['export', 'text/csv; charset=utf-8', true],
    ['contacts.xlsx', 'application/vnd.ms-excel', false],
    ['contacts.txt', 'text/plain', false],
  ])('isCsvFile(%j, %j) = %s', (name, type, expected) => {
    expect(isCsvFile(name, type)).toBe(expected);
  });
});
