import type { FileFolder } from '@atrium/domain-documents';
import { folderPaths, folderTrail } from './use-files';

const f = (_id: string, name: string, parentId: string | null): FileFolder => ({
  _id,
  name,
  parentId,
  createdAt: '2026-11-27T10:00:00.000Z',
});
const folders = [f('c', 'Smith', 'a'), f('a', 'Clients', null), f('b', 'Archive', null), f('d', '2026', 'c')];

describe('folderTrail', () => {
  it('is the chain from the top to the folder', () => {
    expect(folderTrail(folders, 'd').map((x) => x.name)).toEqual(['Clients', 'Smith', '2026']);
    expect(folderTrail(folders, null)).toEqual([]);
    expect(folderTrail(folders, 'gone')).toEqual([]);
  });
  it('stops on a loop instead of spinning', () => {
    const loop = [f('x', 'X', 'y'), f('y', 'Y', 'x')];
    expect(folderTrail(loop, 'x').length).toBeLessThanOrEqual(3);
  });
});

describe('folderPaths', () => {
  it('names every folder by its path, sorted', () => {
    expect(folderPaths(folders).map((p) => p.label)).toEqual([
      'Archive',
      'Clients',
      'Clients / Smith',
      'Clients / Smith / 2026',
    ]);
  });
});
