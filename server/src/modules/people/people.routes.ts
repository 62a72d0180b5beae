import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { peopleListAnswerSchema, profileAnswerSchema, relationAnswerSchema } from '@atrium/domain-market/schemas';
import { callerOf, errorResponses } from '../../lib/http';
import type { PeopleService } from './people.service';

const tags = ['people'];
const userParam = z.object({ id: z.string().min(1).max(100) });

/** Mounted at /api/v1/users: public profiles, the spec's friends/followers/following lists, follow, friend, block. */
export const peopleRoutes: FastifyPluginAsyncZod<{ people: PeopleService }> = async (app, { people }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/:id/profile',
    {
      schema: {
        tags,
        description: 'A user’s public profile (any signed-in user; 404 to someone they blocked).',
        params: userParam,
        response: { 200: profileAnswerSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, data: await people.profile(callerOf(request), request.params.id) }),
  );

  for (const kind of ['friends', 'followers', 'following'] as const) {
    app.get(
      `/:id/${kind}`,
      {
        schema: {
          tags,
          description: `The user’s ${kind}; 403 when one of the two blocked the other (passed quietly by the client).`,
          params: userParam,
          response: { 200: peopleListAnswerSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await people.list(callerOf(request), request.params.id, kind),
      }),
    );
  }

  const relationRoute = (
    method: 'post' | 'delete',
    path: string,
    description: string,
    run: (caller: ReturnType<typeof callerOf>, id: string) => ReturnType<PeopleService['follow']>,
  ) =>
    app[method](
      path,
      {
        schema: {
          tags,
          description,
          params: userParam,
          response: { 200: relationAnswerSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({ success: true as const, data: await run(callerOf(request), request.params.id) }),
    );

  relationRoute('post', '/:id/follow', 'Follows the user (refused between blocked people).', (c, id) =>
    people.follow(c, id),
  );
  relationRoute('delete', '/:id/follow', 'Unfollows the user.', (c, id) => people.unfollow(c, id));
  relationRoute(
    'post',
    '/:id/friend-request',
    'Asks the user to be friends; when they asked first, you are friends.',
    (c, id) => people.friendRequest(c, id),
  );
  relationRoute('delete', '/:id/friend', 'Ends the friendship, or withdraws / turns down a request.', (c, id) =>
    people.unfriend(c, id),
  );
  relationRoute('post', '/:id/block', 'Blocks the user: follows and friendship end both ways.', (c, id) =>
    people.block(c, id),
  );
  relationRoute('delete', '/:id/block', 'Unblocks the user.', (c, id) => people.unblock(c, id));
};
