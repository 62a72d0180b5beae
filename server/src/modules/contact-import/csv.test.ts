import { cleanHeaders, csvField, decodeUtf8, detectDelimiter, parseCsv, toCsv } from './csv';
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

  test('parseCsv pads short rows, drops extra cells and trailing empty columns, limits rows', () => {
    expect(parseCsv('a,b,,\n1\n2,3,4,\n')).toEqual({
      headers: ['a', 'b', 'Column 3'],
      rows: [
        ['1', '', ''],
        ['2', '3', '4'],
      ],
    });
    expect(() => parseCsv('a\n1\n2\n3\n', 2)).toThrow('The file has more than 200,000 rows');
    expect(parseCsv('a\n1\n2\n', 2).rows).toHaveLength(2);
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
