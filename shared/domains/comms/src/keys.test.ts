import { automationKeys, notificationKeys } from './keys';

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

test('every automation key starts with the entity; each automation has its own detail and runs', () => {
  for (const key of [
    automationKeys.list,
    automationKeys.detail('a1'),
    automationKeys.runs('a1'),
    automationKeys.options('b1'),
  ]) {
    expect(key.slice(0, 1)).toEqual(automationKeys.all);
  }
  expect(automationKeys.runs('a1')).not.toEqual(automationKeys.runs('a2'));
  expect(automationKeys.detail('a1')).not.toEqual(automationKeys.runs('a1'));
});
