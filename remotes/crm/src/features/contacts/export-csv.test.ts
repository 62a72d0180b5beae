import type { Contact } from '@atrium/domain-crm';
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

  it('defuses formulas hidden behind blanks and invisible characters, and leaves phone numbers alone', () => {
    expect(csvField(' =1+1')).toBe("' =1+1");
    expect(csvField('\u00a0=HYPERLINK("x")')).toBe(`"'\u00a0=HYPERLINK(""x"")"`);
    expect(csvField('\u200b@SUM(A1)')).toBe("'\u200b@SUM(A1)");
    expect(csvField('\ufeff-2+3')).toBe("'\ufeff-2+3");
    expect(csvField('\t=1')).toBe("'\t=1");
    expect(csvField('+44 7700 900123')).toBe('+44 7700 900123');
    expect(csvField('-12.5')).toBe('-12.5');
    expect(csvField('+44')).toBe('+44');
    const csv = contactsToCsv([{ firstName: ' =cmd', phoneCode: '+44', phoneNumber: '7700900123' } as Contact]);
    expect(csv.split('\r\n')[1]!.startsWith("' =cmd,,,+44,7700900123,")).toBe(true);
  });

  it('writes a header and one line per contact', () => {
    const csv = contactsToCsv([{ firstName: 'Ann', lastName: 'Lee', email: 'ann@x.com', status: 'Active' } as Contact]);
    const [header, row, end] = csv.split('\r\n');
    expect(header!.startsWith('First name,Last name,Email')).toBe(true);
    expect(row!.startsWith('Ann,Lee,ann@x.com,,,Active')).toBe(true);
    expect(end).toBe('');
  });
});
