import { Button, Menu } from '@atrium/ui';
import { MERGE_TAGS } from '@atrium/domain-documents';

/** 'Insert field': the merge tags the documents offer ({{contact.firstName}} …), resolved when the client views it. */
export function MergeTagMenu({
  onInsert,
  label = 'Insert field',
}: {
  onInsert: (tag: string) => void;
  label?: string;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="subtle" size="compact-xs">
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah={320} style={{ overflowY: 'auto' }}>
        {MERGE_TAGS.map((t) => (
          <Menu.Item key={t.tag} onClick={() => onInsert(`{{${t.tag}}}`)}>
            {t.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Adds a tag at the end of a text. */
export const appendText = (text: string, tag: string) =>
  text && !/\s$/.test(text) ? `${text} ${tag}` : `${text}${tag}`;

/** Adds a tag at the end of a rich text's last paragraph (or as a new paragraph). */
export function appendHtml(html: string, tag: string): string {
  const m = /<\/p>\s*$/.exec(html);
  if (m) return `${html.slice(0, m.index)}${html.slice(0, m.index).endsWith('>') ? '' : ' '}${tag}</p>`;
  return `${html}<p>${tag}</p>`;
}
