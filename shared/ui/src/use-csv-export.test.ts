import { act, renderHook } from '@testing-library/react';
import { bus } from '@atrium/event-bus';
import { useCsvExport } from './use-csv-export';

import { downloadText as realDownloadText } from './download';

jest.mock('./download', () => ({ downloadText: jest.fn() }));
const downloadText = realDownloadText as jest.Mock;

describe('useCsvExport', () => {
  let toasts: { type: string; message: string }[];
  let sub: { unsubscribe(): void };
  beforeEach(() => {
    toasts = [];
    sub = bus.on('toast:show').subscribe((t) => toasts.push({ type: t.type, message: t.message }));
    downloadText.mockReset();
  });
  afterEach(() => sub.unsubscribe());

  it('saves every row as <name>-<day>.csv and says how many went out', async () => {
    const { result } = renderHook(() =>
      useCsvExport({
        fetchAll: async () => [{ a: 1 }, { a: 2 }],
        toCsv: (rows) => rows.map((r) => String(r.a)).join('\n'),
        name: 'tasks',
        noun: 'task',
      }),
    );
    await act(() => result.current.exportCsv());
    expect(downloadText).toHaveBeenCalledWith('1\n2', expect.stringMatching(/^tasks-\d{4}-\d{2}-\d{2}\.csv$/));
    expect(toasts).toEqual([{ type: 'success', message: 'Exported 2 task(s)' }]);
    expect(result.current.exporting).toBe(false);
  });

  it('says why an export failed, shaped by errorText, and saves nothing', async () => {
    const { result } = renderHook(() =>
      useCsvExport({
        fetchAll: async () => Promise.reject(new Error('Request timed out')),
        toCsv: () => '',
        name: 'tasks',
        noun: 'task',
        errorText: (reason) => `Failed to fetch tasks: ${reason}`,
      }),
    );
    await act(() => result.current.exportCsv());
    expect(downloadText).not.toHaveBeenCalled();
    expect(toasts).toEqual([{ type: 'error', message: 'Failed to fetch tasks: Request timed out' }]);
  });
});
