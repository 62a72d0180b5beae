import sanitizeHtml from 'sanitize-html';
import { NOTE_ALLOWED_TAGS, noteContentText } from '@atrium/contracts';

/** Links may only go to http(s) or mailto; the value is already entity-decoded by the parser. */
const SAFE_HREF = /^(https?:\/\/|mailto:)[^\s]*$/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...NOTE_ALLOWED_TAGS],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  allowedStyles: {},
  disallowedTagsMode: 'discard',
  // Dropped with everything inside them (other disallowed tags are dropped but keep their text).
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'template',
    'svg',
    'math',
    'title',
    'head',
  ],
  transformTags: {
    // The editor writes bold and italic as <strong>/<em>; <b>/<i> (other clients, pasted HTML) mean the same.
    b: 'strong',
    i: 'em',
    // A link with a safe href gets target/rel forced; any other loses every attribute (unwrapped below).
    // (Renaming the tag instead would make sanitize-html close later links with the new name.)
    a: (_tagName, attribs): sanitizeHtml.Tag => {
      const href = (attribs.href ?? '').trim();
      return SAFE_HREF.test(href)
        ? { tagName: 'a', attribs: { href, target: '_blank', rel: 'noopener noreferrer nofollow' } }
        : { tagName: 'a', attribs: {} };
    },
  },
};

/** The editor's HTML reduced to the allow-list of NOTE_ALLOWED_TAGS, plus its plain text (for search). */
export function sanitizeNoteHtml(html: string): { html: string; text: string } {
  const clean = sanitizeHtml(html, OPTIONS)
    .replace(/<a>([\s\S]*?)<\/a>/g, '$1')
    .trim();
  return { html: clean, text: noteContentText(clean) };
}
