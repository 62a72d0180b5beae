import { escapeHtml } from '@atrium/contracts/merge-tags';
import type { EmailBlockInput, EmailBlockType } from '@atrium/domain-comms';

let counter = 0;
const newId = () => `b${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A fresh block of a type, as the editor adds it. */
export function newBlock(type: EmailBlockType): EmailBlockInput {
  const id = newId();
  switch (type) {
    case 'heading':
      return { id, type, text: 'Heading', level: 1, align: 'left' };
    case 'text':
      return { id, type, html: '<p>Write your message. Hi {{contact.firstName}}!</p>', align: 'left' };
    case 'button':
      return { id, type, label: 'Learn more', url: 'https://', color: '#228be6', align: 'center' };
    case 'image':
      return { id, type, src: 'https://', alt: '', width: 600, align: 'center' };
    case 'divider':
      return { id, type };
    case 'spacer':
      return { id, type, height: 24 };
  }
}

export const BLOCK_LABELS: Record<EmailBlockType, string> = {
  heading: 'Heading',
  text: 'Text',
  button: 'Button',
  image: 'Image',
  divider: 'Divider',
  spacer: 'Spacer',
};

/** A text block is edited as plain paragraphs (a blank line between them); stored as <p> HTML, escaped. */
export function paragraphsToHtml(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

export function htmlToParagraphs(html: string): string {
  return html
    .split(/<\/p>/i)
    .map((p) =>
      p
        .replace(/<br\s*\/?>/gi, '\n')
        .replace(/<[^>]*>/g, '')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&')
        .trim(),
    )
    .filter(Boolean)
    .join('\n\n');
}

export function move<T>(list: T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= list.length) return list;
  const out = [...list];
  [out[index], out[to]] = [out[to]!, out[index]!];
  return out;
}
