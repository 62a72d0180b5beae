import StarterKit from '@tiptap/starter-kit';
import Link from '@tiptap/extension-link';
import { NOTE_LINK_SCHEMES } from '@atrium/contracts';

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** Link hrefs the server keeps (http, https, mailto); a bare address gets https://. */
export function normalizeLinkUrl(raw: string): string {
  const url = raw.trim();
  if (!url) return '';
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  if (scheme && (NOTE_LINK_SCHEMES as readonly string[]).includes(scheme)) return url;
  return `https://${url.replace(/^\/+/, '')}`;
}

/**
 * The note editor's schema (docs/requirements.md §2 "Rich-text editor"): headings 1 to 3 only; code, code block,
 * blockquote and horizontal rule do not exist at all, so neither shortcuts, input rules nor pasted HTML
 * can produce them. What is left matches the tags the server keeps (NOTE_ALLOWED_TAGS).
 */
export function noteEditorExtensions() {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3] },
      code: false,
      codeBlock: false,
      blockquote: false,
      horizontalRule: false,
      // The link extension is added below with the note rules.
      link: false,
    }),
    Link.configure({
      openOnClick: false,
      autolink: true,
      linkOnPaste: true,
      defaultProtocol: 'https',
      isAllowedUri: (url) => {
        const scheme = SCHEME.exec(url.trim())?.[1]?.toLowerCase();
        return !scheme || (NOTE_LINK_SCHEMES as readonly string[]).includes(scheme);
      },
    }),
  ];
}
