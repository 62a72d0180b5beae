import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { weatherAnswerSchema, weatherQuerySchema } from '@atrium/domain-identity/weather';
import { errorResponses } from '../../lib/http';
import type { WeatherService } from './weather.service';

/**
 * GET /api/v1/weather?lat&lon or ?city[&state][&country]: the current weather of one place for the header widget,
 * through the server's shared 30-minute cache. Signed-in only (the proxy is not an open relay).
 */
export const weatherRoutes: FastifyPluginAsyncZod<{ weather: WeatherService }> = async (app, { weather }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '',
    {
      schema: {
        tags: ['weather'],
        description:
          'Current temperature (°F), condition band and day/night of the coordinates or the named place; 404 ' +
          "'Location not found', 503 'Unable to fetch weather data' when the forecast service fails.",
        querystring: weatherQuerySchema,
        response: { 200: weatherAnswerSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const data = 'lat' in q ? await weather.byCoordinates(q.lat, q.lon) : await weather.byPlace(q);
      reply.header('cache-control', 'private, max-age=600');
      return { success: true as const, data };
    },
  );
};
