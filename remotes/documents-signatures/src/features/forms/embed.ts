import { toast } from '@atrium/event-bus';
import { formEmbedSnippet, formPublicPath } from '@atrium/domain-documents';

/** The form's public page on this app's origin (what a visitor opens, and what the embed snippet frames). */
export const publicFormUrl = (publicId: string) => new URL(formPublicPath(publicId), window.location.origin).href;

/** The iframe a website pastes to show the form (the slice's snippet, on this app's origin). */
export const embedSnippet = (publicId: string) => formEmbedSnippet(window.location.origin, publicId);

/** Copies text, telling the user whether it worked (a browser may refuse the clipboard). */
export function copyText(text: string, what: string): Promise<void> {
  const failed = () => void toast.error(`Could not copy the ${what}: select it and copy it yourself`);
  if (!navigator.clipboard) {
    failed();
    return Promise.resolve();
  }
  return navigator.clipboard
    .writeText(text)
    .then(() => void toast.success(`${what[0]!.toUpperCase()}${what.slice(1)} copied`), failed);
}
