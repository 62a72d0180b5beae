import { makeProject } from '../../test-utils';
import { projectsToCsv } from './export-csv';

describe('projectsToCsv', () => {
  it('writes a header and one line per project, quoting and defusing formulas', () => {
    const csv = projectsToCsv([
      makeProject(1, {
        title: '=HYPERLINK("http://x")',
        stage: 'in_progress',
        type: 'Kitchen, full',
        startDate: '2026-01-05',
        address: { line1: '1 Main St', line2: null, country: 'Ireland', state: null, city: 'Cork', zip: null },
        taskCount: 3,
      }),
    ]);
    const [header, line, end] = csv.split('\r\n');
    expect(header).toBe(
      'Title,Stage,Type,Start date,Due date,All day,Location,Address,Description,Tasks,Attachments,Created,Updated',
    );
    expect(line).toBe(
      `"'=HYPERLINK(""http://x"")",In progress,"Kitchen, full",2026-01-05,,Yes,,"1 Main St, Cork, Ireland",,3,0,2026-11-20T10:00:00.000Z,2026-11-20T10:00:00.000Z`,
    );
    expect(end).toBe('');
  });
});
