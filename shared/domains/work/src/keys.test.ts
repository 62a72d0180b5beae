import { projectKeys, taskKeys } from './keys';

test('every key starts with its entity, so invalidating .all reaches every view of it', () => {
  for (const key of [
    projectKeys.list({ stage: 'review' }),
    projectKeys.board({}),
    projectKeys.one('p1'),
    projectKeys.feed('p1'),
    projectKeys.types,
    projectKeys.ofContact('c1'),
  ]) {
    expect(key.slice(0, 1)).toEqual(projectKeys.all);
  }
  for (const key of [taskKeys.list({ status: 'todo' }), taskKeys.board({}), taskKeys.totals, taskKeys.one('t1')]) {
    expect(key.slice(0, 1)).toEqual(taskKeys.all);
  }
});
