import { defuseSpreadsheetFormula, isSpreadsheetFormula } from './csv-formula';

describe('spreadsheet formulas in CSV cells', () => {
  test.each([
    // plain formulas
    ['=1+1', true],
    ['@SUM(A1)', true],
    ['+1+cmd|calc', true],
    ['-2+3', true],
    ['\t=1', true],
    ['\r=1', true],
    ['\tplain', true],
    // hidden behind leading blanks and invisible characters
    [' =1+1', true],
    ['   @SUM(A1)', true],
    ['\n=1+1', true],
    ['\u00a0=HYPERLINK("http://x")', true],
    ['\u200b=1+1', true],
    ['\u200c=1+1', true],
    ['\u200d=1+1', true],
    ['\u2060=1+1', true],
    ['\ufeff=1+1', true],
    [' \u00a0\u200b +1+cmd', true],
    [' -2+3', true],
    // phone numbers and numbers stay as they are, also behind a blank
    ['+44 7700 900123', false],
    ['+1 (555) 010-0199', false],
    ['-12.5', false],
    ['+', false],
    [' +44 7700 900123', false],
    ['\u00a0-12.5', false],
    // ordinary text
    ['plain', false],
    ['', false],
    ['   ', false],
    ['a=b', false],
    ['x@y.com', false],
    ['\u200bplain', false],
  ])('%j → formula %s', (value, formula) => {
    expect(isSpreadsheetFormula(value)).toBe(formula);
    expect(defuseSpreadsheetFormula(value)).toBe(formula ? `'${value}` : value);
  });
});
