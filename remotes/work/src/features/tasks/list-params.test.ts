import { paramsFromUrl, patchUrl, activeFilterCount, nextSort } from './list-params';
import { csvField, tasksToCsv } from './export-csv';
import { makeTask } from '../../test-utils';

describe('task list parameters', () => {
  it('reads the address bar, dropping unknown values and incomplete conditions', () => {
    const filters = JSON.stringify([
      {
        combinator: 'AND',
        conditions: [
          { field: 'title', operator: 'contains', value: 'tile' },
          { field: 'priority', operator: 'eq', value: '' },
        ],
      },
    ]);
    const p = paramsFromUrl(
      new URLSearchParams({
        page: '3',
        search: ' tiles ',
        status: 'weird',
        priority: 'high',
        sortBy: 'dueDate',
        filters,
      }),
    );
    expect(p).toMatchObject({
      page: 3,
      limit: 20,
      search: 'tiles',
      status: undefined,
      priority: 'high',
      sortBy: 'dueDate',
    });
    expect(p.filters).toEqual([
      expect.objectContaining({ conditions: [expect.objectContaining({ field: 'title', value: 'tile' })] }),
    ]);
    expect(activeFilterCount(p)).toBe(2);
    expect(paramsFromUrl(new URLSearchParams('filters=not-json')).filters).toEqual([]);
  });

  it('goes back to page 1 on any change but paging, opening a task or switching the view', () => {
    const url = new URLSearchParams('page=4&search=x');
    expect(patchUrl(url, { status: 'blocked' }).toString()).toBe('search=x&status=blocked');
    expect(patchUrl(url, { task: 't1' }).get('page')).toBe('4');
    expect(patchUrl(url, { view: 'kanban' }).get('page')).toBe('4');
    expect(patchUrl(url, { search: null }).toString()).toBe('');
  });

  it('sorts ascending, then descending, then back to the default', () => {
    expect(nextSort({}, 'title')).toEqual({ sortBy: 'title', sortOrder: 'asc' });
    expect(nextSort({ sortBy: 'title', sortOrder: 'asc' }, 'title')).toEqual({ sortBy: 'title', sortOrder: 'desc' });
    expect(nextSort({ sortBy: 'title', sortOrder: 'desc' }, 'title')).toEqual({ sortBy: null, sortOrder: null });
  });
});

describe('tasks CSV', () => {
  it('writes a header and one row per task, quoting and defusing formulas', () => {
    const csv = tasksToCsv([
      makeTask(1, {
        title: '=HYPERLINK("x")',
        description: 'a, b',
        status: 'in_progress',
        project: { _id: 'p', title: 'Kitchen' },
      }),
    ]);
    const [header, row] = csv.split('\r\n');
    expect(header).toBe(
      'Title,Description,Status,Priority,Project,Start date,Due date,All day,Comments,Attachments,Created,Updated',
    );
    expect(row).toMatch(/^"'=HYPERLINK\(""x""\)","a, b",In progress,Regular,Kitchen,,,Yes,0,0,/);
    expect(csvField(null)).toBe('');
  });
});
