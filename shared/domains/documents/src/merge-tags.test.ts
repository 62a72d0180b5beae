import { mergeTagsIn, resolveMergeTags } from './merge-tags';

const context = {
  contact: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: null },
  business: { name: 'Atrium Studio' },
  project: null,
  document: { number: 'INV-0007', title: 'Deposit' },
};

describe('resolveMergeTags', () => {
  it('replaces known tags, spaces inside braces allowed', () => {
    expect(
      resolveMergeTags('Dear {{contact.firstName}} {{ contact.lastName }}, from {{business.name}}', context),
    ).toEqual({ text: 'Dear Ada Lovelace, from Atrium Studio', unresolved: [] });
    expect(resolveMergeTags('{{contact.fullName}} <{{contact.email}}> {{document.number}}', context).text).toBe(
      'Ada Lovelace <ada@example.com> INV-0007',
    );
  });

  it('unknown tags, missing groups and blank values render empty and are listed once each', () => {
    const r = resolveMergeTags(
      'Project: {{project.name}}; phone {{contact.phone}}; {{contact.shoeSize}}; {{project.name}}; {{nope}}',
      context,
    );
    expect(r.text).toBe('Project: ; phone ; ; ; ');
    expect(r.unresolved).toEqual(['project.name', 'contact.phone', 'contact.shoeSize', 'nope']);
  });

  it('never reaches prototype properties', () => {
    expect(resolveMergeTags('{{contact.constructor}}{{business.toString}}', context)).toEqual({
      text: '',
      unresolved: ['contact.constructor', 'business.toString'],
    });
  });

  it('leaves text that is not a tag alone', () => {
    expect(resolveMergeTags('{{ }} {contact.firstName} {{1abc}}', context).text).toBe(
      '{{ }} {contact.firstName} {{1abc}}',
    );
  });

  it('in HTML, values are escaped so a contact’s name cannot inject markup', () => {
    const evil = { contact: { firstName: '<img src=x onerror=alert(1)>' } };
    expect(resolveMergeTags('<p>Hi {{contact.firstName}}</p>', evil, { html: true }).text).toBe(
      '<p>Hi &lt;img src=x onerror=alert(1)&gt;</p>',
    );
    expect(resolveMergeTags('Hi {{contact.firstName}}', evil).text).toBe('Hi <img src=x onerror=alert(1)>');
  });

  it('an empty context resolves nothing', () => {
    expect(resolveMergeTags('{{contact.firstName}}', {}).unresolved).toEqual(['contact.firstName']);
  });
});

test('mergeTagsIn lists the tags a text uses', () => {
  expect(mergeTagsIn('{{a.b}} {{ c.d }} {{a.b}}')).toEqual(['a.b', 'c.d']);
});
