import { notificationKeys } from './keys';

test('every notification key starts with the entity, so invalidating .all reaches every view of it', () => {
  for (const key of [
    notificationKeys.list({ read: 'false' }),
    notificationKeys.unreadCount,
    notificationKeys.preferences,
  ]) {
    expect(key.slice(0, 1)).toEqual(notificationKeys.all);
  }
  expect(notificationKeys.list({ read: 'false' })).not.toEqual(notificationKeys.list({}));
});
