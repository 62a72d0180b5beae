import { useState } from 'react';
import { toast } from '@atrium/event-bus';
import { downloadText } from './download';

/**
 * A list's 'Export CSV' button: fetches every match, saves `<name>-<YYYY-MM-DD>.csv` and says how many rows went
 * out ('Exported N contact(s)'), or the failure (`errorText` shapes the reason, default the reason itself).
 */
export function useCsvExport<T>(opts: {
  fetchAll: () => Promise<T[]>;
  toCsv: (rows: T[]) => string;
  /** File name prefix and the counted noun: 'contacts' / 'contact'. */
  name: string;
  noun: string;
  errorText?: (reason: string) => string;
}): { exporting: boolean; exportCsv: () => Promise<void> } {
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows = await opts.fetchAll();
      downloadText(opts.toCsv(rows), `${opts.name}-${new Date().toISOString().slice(0, 10)}.csv`);
      toast.success(`Exported ${rows.length} ${opts.noun}(s)`);
    } catch (e) {
      const reason = (e as Error).message || 'Export failed';
      toast.error(opts.errorText ? opts.errorText(reason) : reason);
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportCsv };
}
