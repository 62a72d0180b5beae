// Shared by the backup tests (not part of the server): data made through the real API, and checks on a copy.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Agent, signedInAgent } from '../../test/helpers';
import type { TableFingerprint } from './fingerprint';

async function created(response: { statusCode: number; body: string; json(): unknown }): Promise<string> {
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: { _id: string } }).data._id;
}

/**
 * Two businesses' worth of data through the API — users, sessions, tags, contacts (tagged, in a group), notes
 * with markup and non-ASCII text — and the signed-in agent of the first, whose cookies the tests carry over.
 */
export async function makeData(app: FastifyInstance): Promise<{ owner: Agent; ownerId: string }> {
  const first = await signedInAgent(app);
  const second = await signedInAgent(app);
  for (const { agent } of [first, second]) {
    const tag = await created(await agent.post('/contacts/tags', { name: 'VIP', color: '#FF8800' }));
    const group = await created(await agent.post('/contact-groups', { name: 'Investors', description: 'Money' }));
    const contacts: string[] = [];
    for (let i = 0; i < 12; i++) {
      contacts.push(
        await created(
          await agent.post('/contacts', {
            firstName: `Zoë ${i}`,
            lastName: i % 2 ? 'Ångström' : '東京',
            email: `zoe.${i}@example.com`,
            business: 'NASA',
            ...(i % 3 === 0 ? { tags: [tag] } : {}),
          }),
        ),
      );
    }
    const assigned = await agent.post(`/contact-groups/${group}/assign-contacts`, { contactIds: contacts.slice(0, 5) });
    if (assigned.statusCode !== 200) throw new Error(`assign failed: ${assigned.body}`);
    for (const contact of contacts.slice(0, 3)) {
      await created(
        await agent.post('/notes', {
          entityType: 'contact',
          entityId: contact,
          title: 'Call',
          content: '<p>Called — <strong>ça va</strong></p>',
        }),
      );
    }
  }
  // Binary data (bytea): a business logo, as a browser uploads it.
  const boundary = `----atrium${randomBytes(8).toString('hex')}`;
  const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(256), Buffer.from([0xff, 0xd9])]);
  const logo = await first.agent.post(
    `/businesses/${first.body.user.businessId}/logo`,
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo.jpg"\r\n` +
          'Content-Type: image/jpeg\r\n\r\n',
      ),
      jpeg,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } },
  );
  if (logo.statusCode !== 200) throw new Error(`logo upload failed: ${logo.statusCode} ${logo.body}`);
  return { owner: first.agent, ownerId: first.body.user.id };
}

/** The tables the data above must have filled, so a comparison of fingerprints compares something. */
export const FILLED_TABLES = [
  'public.users',
  'public.sessions',
  'public.businesses',
  'public.contacts',
  'public.contact_tags',
  'public.contact_tag_links',
  'public.contact_groups',
  'public.contact_group_members',
  'public.notes',
  'public.images',
  'drizzle.__drizzle_migrations',
];

export function rowsOf(tables: TableFingerprint[], name: string): number {
  const table = tables.find((t) => t.name === name);
  if (!table) throw new Error(`no table ${name} in ${tables.map((t) => t.name).join(', ')}`);
  return table.rows;
}

/** An agent on another app (e.g. one on restored data) holding the same cookies as `from`. */
export function carryCookies(from: Agent, app: FastifyInstance): Agent {
  const agent = new Agent(app);
  for (const [name, cookie] of from.jar) agent.jar.set(name, { ...cookie });
  return agent;
}
