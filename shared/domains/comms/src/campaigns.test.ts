import {
  campaignInputSchema,
  emailBlockSchema,
  emailTemplateInputSchema,
  htmlToText,
  personalise,
  renderEmailHtml,
  renderEmailText,
  unknownMergeTags,
  type EmailBlock,
} from './campaigns';
import { campaignKeys, emailTemplateKeys } from './keys';

const blocks: EmailBlock[] = [
  { id: '1', type: 'heading', text: 'Hi <you>', level: 2, align: 'center' },
  { id: '2', type: 'text', html: '<p>One &amp; two</p><ul><li>a</li></ul>', align: 'left' },
  { id: '3', type: 'button', label: 'Go', url: 'https://x.test/?a=1&b=2', color: '#228be6', align: 'left' },
  { id: '4', type: 'image', src: 'https://x.test/i.png', alt: 'Logo', width: 200, align: 'left' },
  { id: '5', type: 'divider' },
  { id: '6', type: 'spacer', height: 10 },
];

describe('email design', () => {
  test('HTML: texts escaped, links as attributes, every block rendered', () => {
    const html = renderEmailHtml(blocks);
    expect(html).toContain('<h2 ');
    expect(html).toContain('Hi &lt;you&gt;');
    expect(html).toContain('href="https://x.test/?a=1&amp;b=2"');
    expect(html).toContain('alt="Logo" width="200"');
    expect(html).toContain('<hr ');
    expect(html).toContain('height:10px');
  });

  test('plain text generated from the blocks', () => {
    expect(renderEmailText(blocks)).toBe('Hi <you>\n\nOne & two\n- a\n\nGo: https://x.test/?a=1&b=2\n\n[Logo]\n\n----');
    expect(htmlToText('<p>See <a href="https://a.test">site</a></p>')).toBe('See site (https://a.test)');
  });

  test('blocks: links must be http(s) or mailto; defaults filled', () => {
    expect(
      emailBlockSchema.safeParse({ id: 'b', type: 'button', label: 'x', url: 'javascript:alert(1)' }).success,
    ).toBe(false);
    expect(emailBlockSchema.safeParse({ id: 'i', type: 'image', src: 'data:image/png;base64,AA' }).success).toBe(false);
    expect(emailBlockSchema.parse({ id: 'h', type: 'heading', text: 'T' })).toEqual({
      id: 'h',
      type: 'heading',
      text: 'T',
      level: 1,
      align: 'left',
    });
  });

  test('template and campaign inputs: messages', () => {
    const t = emailTemplateInputSchema.safeParse({ name: ' ', subject: '', blocks: [] });
    expect(t.success).toBe(false);
    expect(t.error!.issues.map((i) => i.message)).toEqual([
      'Template name is required',
      'Subject is required',
      'Add at least one block',
    ]);
    const c = campaignInputSchema.safeParse({ name: 'C', templateId: '', audience: {} });
    expect(c.error!.issues.map((i) => i.message)).toEqual(['Choose a template']);
    expect(campaignInputSchema.parse({ name: 'C', templateId: 't', audience: {} })).toEqual({
      name: 'C',
      templateId: 't',
      subject: '',
      audience: { groupIds: [], tagIds: [], status: null },
      sendAt: null,
    });
  });

  test('merge tags: unknown ones listed once; values HTML-escaped in the HTML only', () => {
    expect(unknownMergeTags('{{contact.firstName}} {{project.name}}', '{{project.name}} {{x}}')).toEqual([
      'project.name',
      'x',
    ]);
    const out = personalise(
      {
        subject: 'Hi {{contact.firstName}}',
        html: '<p>{{contact.firstName}} of {{business.name}}</p>',
        text: '{{contact.fullName}}',
      },
      { contact: { firstName: '<Ada>', lastName: 'L' }, business: { name: 'Acme' } },
    );
    expect(out).toEqual({ subject: 'Hi <Ada>', html: '<p>&lt;Ada&gt; of Acme</p>', text: '<Ada> L' });
  });

  test('keys', () => {
    expect(emailTemplateKeys.detail('a')).toEqual(['email-templates', 'detail', 'a']);
    expect(campaignKeys.recipients('c', { page: 2 })).toEqual(['email-campaigns', 'recipients', 'c', { page: 2 }]);
  });
});
