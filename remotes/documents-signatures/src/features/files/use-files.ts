import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fileKeys,
  libraryFiles,
  type FileFolder,
  type FileListParams,
  type FileUpdate,
  type FolderInput,
  type FolderUpdate,
} from '@atrium/domain-documents';

/** One page of the file manager's list (the previous page stays while the next loads). */
export function useLibraryFiles(params: FileListParams) {
  return useQuery({
    queryKey: fileKeys.list(params),
    queryFn: ({ signal }) => libraryFiles.list(params, { signal }),
    placeholderData: keepPreviousData,
  });
}

export const useFolders = () => useQuery({ queryKey: fileKeys.folders, queryFn: () => libraryFiles.folders() });
export const useFileUsage = () => useQuery({ queryKey: fileKeys.usage, queryFn: () => libraryFiles.usage() });

/** Every change refreshes the lists, the folders and the usage (they are all under fileKeys.all). */
export function useFileActions() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: fileKeys.all });
  return {
    upload: useMutation({
      mutationFn: ({ files, folderId }: { files: File[]; folderId: string | null }) =>
        Promise.all(files.map((f) => libraryFiles.upload(f, folderId))),
      onSettled: done,
    }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: string; input: FileUpdate }) => libraryFiles.update(id, input),
      onSettled: done,
    }),
    remove: useMutation({ mutationFn: (id: string) => libraryFiles.remove(id), onSettled: done }),
    createFolder: useMutation({
      mutationFn: (input: FolderInput) => libraryFiles.createFolder(input),
      onSettled: done,
    }),
    updateFolder: useMutation({
      mutationFn: ({ id, input }: { id: string; input: FolderUpdate }) => libraryFiles.updateFolder(id, input),
      onSettled: done,
    }),
    removeFolder: useMutation({ mutationFn: (id: string) => libraryFiles.removeFolder(id), onSettled: done }),
  };
}

/** The chain from the top to `folderId` (breadcrumb), empty at the top. */
export function folderTrail(folders: readonly FileFolder[], folderId: string | null): FileFolder[] {
  const byId = new Map(folders.map((f) => [f._id, f]));
  const trail: FileFolder[] = [];
  for (let at = folderId ? byId.get(folderId) : undefined; at && trail.length <= folders.length;) {
    trail.unshift(at);
    at = at.parentId ? byId.get(at.parentId) : undefined;
  }
  return trail;
}

/** Every folder as 'Parent / Child' (the move dialog's choices), sorted by that path. */
export function folderPaths(folders: readonly FileFolder[]): { value: string; label: string }[] {
  return folders
    .map((f) => ({
      value: f._id,
      label: folderTrail(folders, f._id)
        .map((x) => x.name)
        .join(' / '),
    }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
