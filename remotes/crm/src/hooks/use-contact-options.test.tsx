import type { ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { contactGroups } from '@atrium/domain-crm';
import { useGroupOptions } from './use-contact-options';

afterEach(() => jest.restoreAllMocks());

it('offers every group, reading page after page', async () => {
  const group = (i: number) => ({ _id: `g${i}`, name: `Group ${i}`, color: '#0ca678' }) as never;
  const list = jest.spyOn(contactGroups, 'list').mockImplementation(async (q) => {
    const page = q?.page ?? 1;
    const ids = page === 1 ? [1, 2] : [3];
    return { success: true, data: ids.map(group), pagination: { total: 3, page, limit: 2, hasNextPage: page === 1 } };
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useGroupOptions(), { wrapper });
  await waitFor(() => expect(result.current.data).toHaveLength(3));
  expect(result.current.data![2]).toEqual({ value: 'g3', label: 'Group 3', color: '#0ca678' });
  expect(list.mock.calls.map(([q]) => q?.page)).toEqual([1, 2]);
});
