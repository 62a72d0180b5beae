/**
 * Shared singletons the host provides although it never renders them itself. A federation host only provides
 * the shared packages its own build references; @atrium/notes (tiptap + @mantine/tiptap) must come from the
 * host so it uses the host's Mantine — a copy provided by a remote would bring a second Mantine and fail with
 * "MantineProvider was not found". The import() below is never called: it only makes the host build provide it.
 */
export const lazilyProvidedShared: Record<string, () => Promise<unknown>> = {
  '@atrium/notes': () => import('@atrium/notes'),
};
