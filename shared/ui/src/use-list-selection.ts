import { useEffect, useState } from 'react';

/**
 * The rows picked on a list page (for its bulk bar). A selection belongs to what is listed: a new search or filter
 * starts with none (the bulk bar would act on rows the list no longer shows); paging, sorting and the view keep it.
 */
export function useListSelection(params: { page?: number; sortBy?: string; sortOrder?: string }) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const { page: _page, sortBy: _sortBy, sortOrder: _sortOrder, ...listed } = params;
  const listedKey = JSON.stringify(listed);
  useEffect(() => setSelected(new Set()), [listedKey]);

  /** Picks (on) or drops the given rows. */
  const select = (ids: string[], on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const id of ids)
        if (on) next.add(id);
        else next.delete(id);
      return next;
    });
  const clear = () => setSelected(new Set());
  return { selected, select, clear };
}
