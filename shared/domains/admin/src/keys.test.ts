import { adminUserKeys, businessKeys } from './keys';

describe('admin query keys', () => {
  it("a business's invites sit under the business, so refreshing it refreshes them; the list is apart", () => {
    expect(businessKeys.invites('b1').slice(0, 2)).toEqual([...businessKeys.one('b1')]);
    expect(businessKeys.list).toEqual(['businesses']);
    expect(businessKeys.one('b1')[0]).not.toBe(businessKeys.list[0]);
  });

  it('admin users lists and details sit under one root', () => {
    expect(adminUserKeys.list({ search: 'a' }).slice(0, 1)).toEqual([...adminUserKeys.all]);
    expect(adminUserKeys.detail('u1')).toEqual(['admin-users', 'detail', 'u1']);
  });
});
