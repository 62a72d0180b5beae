import type { Contact } from '@atrium/contracts';
import { contactsToCsv, csvField } from './export-csv';

describe('CSV export', () => {
  it('quotes what needs quoting and defuses spreadsheet formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField(null)).toBe('');
  });

  it('writes a header and one line per contact', () => {
    const csv = contactsToCsv([{ firstName: 'Ann', lastName: 'Lee', email: 'ann@x.com', status: 'Active' } as Contact]);
    const [header, row, end] = csv.split('\r\n');
    expect(header!.startsWith('First name,Last name,Email')).toBe(true);
    expect(row!.startsWith('Ann,Lee,ann@x.com,,,Active')).toBe(true);
    expect(end).toBe('');
  });
});
