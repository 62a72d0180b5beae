// Apart from the dialog so that the contacts page can tell, without loading the dialog's code, that a running
// import is to be followed (the dialog is then mounted at once, closed, as before).
/**
 * The tab's running import (its job id), so that the contacts page follows it again after the user left it. Without
 * storage (some private modes) nothing is remembered: the import is followed while the page stays open.
 */
const RUNNING_IMPORT_KEY = 'atrium.contactImportJob';
function tabStorage<T>(act: (storage: Storage) => T): T | null {
  try {
    return act(sessionStorage);
  } catch {
    return null;
  }
}
export const readRunningImport = () => tabStorage((s) => s.getItem(RUNNING_IMPORT_KEY));
export const rememberRunningImport = (jobId: string) => tabStorage((s) => s.setItem(RUNNING_IMPORT_KEY, jobId));
export const forgetRunningImport = () => tabStorage((s) => s.removeItem(RUNNING_IMPORT_KEY));
