import type { SwaggerOptions } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ACCESS_COOKIE, API_ROOT, XSRF_COOKIE, XSRF_HEADER } from '@atrium/contracts';
import { operationOf, type OperationDeclaration } from './api-operations';
import type { Config } from './config';

/** A signed-in operation accepts either credential: the browser's access cookie or an API client's Bearer token. */
export const SIGNED_IN_SECURITY = [{ cookieAuth: [] }, { bearerAuth: [] }];

const IGNORED_METHODS = new Set(['HEAD', 'OPTIONS']);

type RouteSchema = NonNullable<RouteOptions['schema']> & {
  hide?: boolean;
  summary?: string;
  description?: string;
  operationId?: string;
  security?: unknown[];
};

/** The API path of a route (under API_ROOT, no trailing slash), or null for routes outside the API. */
function apiPath(url: string): string | null {
  if (!url.startsWith(`${API_ROOT}/`)) return null;
  return url.slice(API_ROOT.length).replace(/(.)\/+$/, '$1');
}

/**
 * onRoute hook (app.ts): gives every API route its declared operation (api-operations.ts) — operationId, summary,
 * security (`[]` when public) — and refuses a route that has none, so a new route cannot reach the document
 * without an id, a summary and its security. A route's own `summary` is kept as its description.
 */
export function declareOperation(route: RouteOptions): void {
  const path = apiPath(route.url);
  const schema = (route.schema ?? {}) as RouteSchema;
  if (path === null || schema.hide) return;
  const methods = [route.method].flat().filter((m) => !IGNORED_METHODS.has(m));
  if (methods.length === 0) return;
  if (methods.length > 1) throw new Error(`${route.url}: declare one route per method (${methods.join(', ')})`);
  const operation = operationOf(methods[0]!, path);
  if (!operation) {
    throw new Error(`${methods[0]} ${path} has no entry in src/api-operations.ts (operationId, summary, public?)`);
  }
  // A new object: routes may share one schema object (contact-groups' membership routes do).
  route.schema = {
    ...schema,
    operationId: operation.id,
    summary: operation.summary,
    ...(schema.summary && !schema.description ? { description: schema.summary } : {}),
    security: operation.public ? [] : SIGNED_IN_SECURITY,
  } as RouteSchema;
}

/** The declaration behind a documented route (for the binary answers the zod schemas cannot describe). */
function declarationOf(method: string, url: string): OperationDeclaration | undefined {
  const path = apiPath(url);
  return path === null ? undefined : operationOf(method, path);
}

const DESCRIPTION = [
  'Client-management API of Atrium. Answers are JSON (`{ success: true, ... }`); errors carry the error body',
  '(`{ success: false, error, code, details? }`) under the status listed per operation; any request may also',
  'meet 400 (malformed), 413, 414, 429 or 431 before it reaches its operation.',
  '',
  `Signed-in operations take the access token as the \`${ACCESS_COOKIE}\` cookie (the browser app) or as`,
  '`Authorization: Bearer <token>` (ask `POST /api/v1/auth/login` for tokens in the body with the header',
  '`X-Atrium-Token-Body: 1`). Every unsafe request (POST, PUT, PATCH, DELETE) also needs the CSRF pair: the',
  `\`${XSRF_COOKIE}\` cookie and the same value in the \`${XSRF_HEADER}\` header (\`GET /api/v1/auth/csrf\` hands`,
  'both out).',
].join('\n');

/** @fastify/swagger's options: the document served at /api/v1/openapi.json and linted in CI (redocly.yaml). */
export function swaggerOptions(config: Pick<Config, 'appUrl'>): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Atrium API', version: '1.0.0', description: DESCRIPTION },
      servers: [{ url: new URL(config.appUrl).origin, description: 'This installation (APP_URL)' }],
      tags: [
        { name: 'system', description: 'Health' },
        { name: 'auth', description: 'Sign-up, sign-in, sessions, CSRF and Google sign-in' },
        { name: 'users', description: 'The signed-in user: profile, password, sessions, picture; public profiles' },
        { name: 'admin', description: "Company staff's user pages (ADMIN_EMAIL_DOMAIN)" },
        { name: 'businesses', description: 'Businesses, members, invites, logo, the current business' },
        { name: 'contacts', description: 'Contacts, their CSV import and export' },
        { name: 'contact-tags', description: 'Tags of contacts' },
        { name: 'contact-groups', description: 'Groups of contacts' },
        { name: 'notes', description: 'Notes on contacts' },
        { name: 'projects', description: 'Projects (lists only so far)' },
        { name: 'tasks', description: 'Tasks (lists only so far)' },
      ],
      components: {
        securitySchemes: {
          cookieAuth: { type: 'apiKey', in: 'cookie', name: ACCESS_COOKIE },
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
    transform: (document) => {
      const transformed = jsonSchemaTransform(document) as { schema: Record<string, unknown>; url: string };
      const method = [document.route.method].flat().find((m) => !IGNORED_METHODS.has(m));
      const binary = method ? declarationOf(method, document.url)?.binary : undefined;
      if (binary) {
        const content = Object.fromEntries(
          binary.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
        );
        const response = (transformed.schema.response ?? {}) as Record<string, unknown>;
        transformed.schema = {
          ...transformed.schema,
          response: { 200: { description: 'The image', content }, ...response },
        };
      }
      return transformed;
    },
  };
}
