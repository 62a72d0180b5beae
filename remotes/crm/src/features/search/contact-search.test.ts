import { ApiError, api } from '@atrium/api-client';
import { makeContact, envelope } from '../../test-utils';
import { searchContacts } from './contact-search';

afterEach(() => jest.restoreAllMocks());

describe('contacts search provider', () => {
  it('asks GET /contacts with the term and limit, and links each contact by its display name', async () => {
    const get = jest
      .spyOn(api, 'get')
      .mockResolvedValue(
        envelope([
          makeContact(1, { name: 'Ann Smith' }),
          makeContact(2, { name: '', firstName: 'Bob', lastName: '', email: '' }),
          makeContact(3, { _id: 'a/b', name: '', firstName: '', lastName: '' }),
        ]),
      );
    const signal = new AbortController().signal;
    const groups = await searchContacts({ term: 'smith', limit: 5, signal });
    expect(get).toHaveBeenCalledWith('contacts', { search: 'smith', limit: 5 }, { signal });
    expect(groups).toEqual([
      {
        key: 'contacts',
        label: 'Contacts',
        icon: 'contacts',
        order: 20,
        items: [
          { id: 'c1', title: 'Ann Smith', subtitle: 'p1@clients.test', href: '/contacts/c1' },
          { id: 'c2', title: 'Bob', href: '/contacts/c2' },
          { id: 'a/b', title: 'Unnamed Contact', subtitle: 'p3@clients.test', href: '/contacts/a%2Fb' },
        ],
      },
    ]);
  });

  it('rejects when the list fails, so the box can say so', async () => {
    jest.spyOn(api, 'get').mockRejectedValue(new ApiError(500, 'INTERNAL_ERROR', 'boom'));
    await expect(searchContacts({ term: 'x', limit: 5 })).rejects.toMatchObject({ status: 500 });
  });
});
