import { errorFileName, fieldLabel, fieldOptions, fileProblem, mappingProblems, SKIP } from './import-helpers';

describe('import helpers', () => {
  test.each([
    [{ name: 'people.csv', size: 10, type: '' }, null],
    [{ name: 'PEOPLE.CSV', size: 10, type: 'application/vnd.ms-excel' }, null],
    [{ name: 'export', size: 10, type: 'text/csv' }, null],
    [{ name: 'people.xlsx', size: 10, type: 'application/vnd.ms-excel' }, 'Choose a .csv file'],
    [{ name: 'people.csv', size: 10 * 1024 * 1024 + 1, type: 'text/csv' }, 'The file is larger than 10 MB'],
    [{ name: 'people.csv', size: 0, type: 'text/csv' }, 'The file has no rows'],
  ])('fileProblem(%j) = %j', (file, problem) => {
    expect(fileProblem(file)).toBe(problem);
  });

  test('fieldOptions puts "Don\'t import" first and disables fields other columns took', () => {
    const options = fieldOptions({ A: 'email', B: 'firstName', C: null }, 'B');
    expect(options[0]).toEqual({ value: SKIP, label: "Don't import" });
    expect(options.find((o) => o.value === 'email')).toMatchObject({ disabled: true });
    expect(options.find((o) => o.value === 'firstName')).toMatchObject({ disabled: false });
    expect(options).toHaveLength(28);
  });

  test('mappingProblems gives the server messages', () => {
    expect(mappingProblems({ A: 'firstName' })).toEqual(['Map a column to Email']);
    expect(mappingProblems({ A: null })).toEqual(['Map a column to Email', 'Map a column to First name']);
    expect(mappingProblems({ A: 'firstName', B: 'email' })).toEqual([]);
  });

  test('labels and file names', () => {
    expect(fieldLabel('firstName')).toBe('First name');
    expect(fieldLabel('_')).toBe('_');
    expect(errorFileName('people.csv')).toBe('people-errors.csv');
    expect(errorFileName('.csv')).toBe('contacts-errors.csv');
  });
});
