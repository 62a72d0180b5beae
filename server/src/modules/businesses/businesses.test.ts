import {
  BUSINESS_MESSAGES,
  businessInviteSchema,
  businessMemberSchema,
  businessSchema,
  type Business,
} from '@atrium/domain-admin/schemas';
import { TOKEN_BODY_HEADER } from '../../lib/session-cookies';
import { sql } from 'drizzle-orm';
import { ACCESS_COOKIE, userSchema } from '@atrium/contracts';
import { Agent, createTestApp, signedInAgent, type TestApp } from '../../../test/helpers';
import { slugify } from './businesses.service';

type Signed = Awaited<ReturnType<typeof signedInAgent>>;

describe('businesses', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const errorOf = (res: { statusCode: number; json(): unknown }) => {
    const body = res.json() as { success: boolean; code: string; error: string };
    expect(body.success).toBe(false);
    return { status: res.statusCode, code: body.code, error: body.error };
  };

  const listIds = async (a: Signed) => ((await a.agent.get('/businesses')).json().data as Business[]).map((b) => b.id);

  /** The token of the last invite mailed to this address. */
  const inviteTokenFor = (email: string) => {
    const mail = [...t.mails].reverse().find((m) => m.to === email);
    if (!mail) throw new Error(`no mail to ${email}`);
    const match = /accept-invite\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
    if (!match) throw new Error('no invite link in mail');
    return match[1]!;
  };

  /** `owner`'s current business with `members` joined through invites, one per role given. */
  async function team(...roles: ('admin' | 'member' | 'owner')[]) {
    const owner = await signedInAgent(t.app);
    const businessId = owner.body.user.businessId;
    const members: Signed[] = [];
    for (const role of roles) {
      const m = await signedInAgent(t.app);
      const invite = await owner.agent.post(`/businesses/${businessId}/invites`, { email: m.signup.email, role });
      expect(invite.statusCode).toBe(201);
      const accept = await m.agent.post('/businesses/accept-invite', { token: inviteTokenFor(m.signup.email) });
      expect(accept.statusCode).toBe(200);
      members.push(m);
    }
    return { owner, businessId, members };
  }

  describe('list and create', () => {
    test("GET /businesses lists the caller's businesses in the contracts shape", async () => {
      const { agent, body, signup } = await signedInAgent(t.app, { firstName: 'Mary', businessName: 'Jackson & Co.' });
      const res = await agent.get('/businesses');
      expect(res.statusCode).toBe(200);
      const { success, data } = res.json();
      expect(success).toBe(true);
      expect(data).toHaveLength(1);
      const business = businessSchema.strict().parse(data[0]);
      expect(business).toMatchObject({
        _id: body.user.businessId,
        id: body.user.businessId,
        name: 'Jackson & Co.',
        slug: 'jackson-co',
        logo: null,
        hasLogo: false,
        type: null,
        settings: {
          allowMemberInvites: false,
          defaultRole: 'member',
          features: { tasks: true, calendar: true, files: true, chat: true },
          notifications: { integrations: true },
        },
      });
      expect(business.members).toEqual([
        expect.objectContaining({
          businessId: business.id,
          userId: body.user.id,
          role: 'owner',
          user: { _id: body.user.id, email: signup.email, firstName: 'Mary', lastName: 'Lovelace' },
        }),
      ]);
    });

    test('another user sees only their own business', async () => {
      const a = await signedInAgent(t.app);
      const b = await signedInAgent(t.app);
      expect(await listIds(b)).toEqual([b.body.user.businessId]);
      expect(await listIds(b)).not.toContain(a.body.user.businessId);
    });

    test('requires a session', async () => {
      const anonymous = await new Agent(t.app).init();
      expect((await anonymous.get('/businesses')).statusCode).toBe(401);
      expect((await anonymous.post('/businesses', { name: 'X' })).statusCode).toBe(401);
      expect((await anonymous.post('/businesses/accept-invite', { token: 'x'.repeat(40) })).statusCode).toBe(401);
    });

    test('POST /businesses creates a business owned by the caller, with a free slug', async () => {
      const a = await signedInAgent(t.app, { businessName: 'Slug Clash Studio' });
      const res = await a.agent.post('/businesses', { name: 'Slug Clash Studio', type: 'Design' });
      expect(res.statusCode).toBe(201);
      const created = businessSchema.strict().parse(res.json().data);
      expect(created).toMatchObject({ name: 'Slug Clash Studio', type: 'Design', slug: 'slug-clash-studio-2' });
      expect(created.members).toEqual([expect.objectContaining({ userId: a.body.user.id, role: 'owner' })]);
      expect(await listIds(a)).toEqual([a.body.user.businessId, created.id]);
      // The session stays on its business until a switch.
      expect((await a.agent.get('/users/me')).json().user.businessId).toBe(a.body.user.businessId);
    });

    test('POST /businesses validates the name', async () => {
      const a = await signedInAgent(t.app);
      const res = await a.agent.post('/businesses', { name: '   ' });
      expect(errorOf(res)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
      expect(res.json().details).toEqual([{ field: 'name', message: 'Business name is required' }]);
    });

    test('GET /businesses/:id answers a business of the caller and 404 for any other', async () => {
      const a = await signedInAgent(t.app);
      const b = await signedInAgent(t.app);
      expect((await a.agent.get(`/businesses/${a.body.user.businessId}`)).json().data.id).toBe(a.body.user.businessId);
      const other = await a.agent.get(`/businesses/${b.body.user.businessId}`);
      expect(errorOf(other)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      expect(other.body).not.toContain(b.signup.email);
    });
  });

  describe('settings (PUT /businesses/:id)', () => {
    test('owner and admin update; settings merge; the slug stays', async () => {
      const { owner, businessId, members } = await team('admin', 'member');
      const res = await owner.agent.put(`/businesses/${businessId}`, {
        name: 'Renamed Ltd',
        type: 'Consulting',
        colors: { primary: '#112233', secondary: '#445566' },
        settings: { allowMemberInvites: true },
      });
      expect(res.statusCode).toBe(200);
      const updated = businessSchema.strict().parse(res.json().data);
      expect(updated).toMatchObject({
        name: 'Renamed Ltd',
        type: 'Consulting',
        colors: { primary: '#112233', secondary: '#445566' },
        settings: {
          allowMemberInvites: true,
          defaultRole: 'member',
          features: { tasks: true, calendar: true, files: true, chat: true },
          notifications: { integrations: true },
        },
      });
      const before = updated.slug;

      const byAdmin = await members[0]!.agent.put(`/businesses/${businessId}`, {
        settings: { notifications: { integrations: false } },
      });
      expect(byAdmin.statusCode).toBe(200);
      expect(byAdmin.json().data.settings).toMatchObject({
        allowMemberInvites: true,
        notifications: { integrations: false },
      });
      expect(byAdmin.json().data.slug).toBe(before);
      expect(byAdmin.json().data.name).toBe('Renamed Ltd');
    });

    test('a member gets 403, a non-member 404, and nothing changes', async () => {
      const { owner, businessId, members } = await team('member');
      const outsider = await signedInAgent(t.app);
      const byMember = await members[0]!.agent.put(`/businesses/${businessId}`, { name: 'Hijacked' });
      expect(errorOf(byMember)).toMatchObject({ status: 403, code: 'FORBIDDEN' });
      const byOutsider = await outsider.agent.put(`/businesses/${businessId}`, { name: 'Hijacked' });
      expect(errorOf(byOutsider)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      expect((await owner.agent.get(`/businesses/${businessId}`)).json().data.name).not.toBe('Hijacked');
    });

    test('rejects bad colours', async () => {
      const a = await signedInAgent(t.app);
      const res = await a.agent.put(`/businesses/${a.body.user.businessId}`, {
        colors: { primary: 'red', secondary: '#000000' },
      });
      expect(errorOf(res)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    });
  });

  describe('invites', () => {
    test('owner invites by e-mail: the mail links to /accept-invite; the invitee joins with the role', async () => {
      const owner = await signedInAgent(t.app, { businessName: 'Invite Corp' });
      const businessId = owner.body.user.businessId;
      const invitee = await signedInAgent(t.app);
      const res = await owner.agent.post(`/businesses/${businessId}/invites`, {
        email: invitee.signup.email.toUpperCase(),
        role: 'admin',
      });
      expect(res.statusCode).toBe(201);
      const invite = businessInviteSchema.strict().parse(res.json().data);
      expect(invite).toMatchObject({
        businessId,
        email: invitee.signup.email,
        role: 'admin',
        expired: false,
        invitedBy: { _id: owner.body.user.id, email: owner.signup.email },
      });
      const days = (Date.parse(invite.expiresAt) - Date.parse(invite.createdAt)) / 86_400_000;
      expect(days).toBeCloseTo(7, 1);

      const mail = t.mails.at(-1)!;
      expect(mail.to).toBe(invitee.signup.email);
      expect(mail.subject).toContain('Invite Corp');
      expect(mail.text).toContain(`${t.config.appUrl}/accept-invite?token=`);
      expect(mail.html).toContain(`${t.config.appUrl}/accept-invite?token=`);

      const listed = await owner.agent.get(`/businesses/${businessId}/invites`);
      expect(listed.json().data.map((i: { id: string }) => i.id)).toEqual([invite.id]);

      const accept = await invitee.agent.post('/businesses/accept-invite', {
        token: inviteTokenFor(invitee.signup.email),
      });
      expect(accept.statusCode).toBe(200);
      const joined = businessSchema.strict().parse(accept.json().data);
      expect(joined.id).toBe(businessId);
      expect(joined.members).toEqual(
        expect.arrayContaining([expect.objectContaining({ userId: invitee.body.user.id, role: 'admin' })]),
      );
      expect(await listIds(invitee)).toEqual([invitee.body.user.businessId, businessId]);
      // Accepted: no longer pending.
      expect((await owner.agent.get(`/businesses/${businessId}/invites`)).json().data).toEqual([]);
    });

    test('an invite for another address is refused (403) and stays usable by its owner', async () => {
      const owner = await signedInAgent(t.app);
      const businessId = owner.body.user.businessId;
      const invitee = await signedInAgent(t.app);
      const stranger = await signedInAgent(t.app);
      await owner.agent.post(`/businesses/${businessId}/invites`, { email: invitee.signup.email, role: 'member' });
      const token = inviteTokenFor(invitee.signup.email);
      const wrong = await stranger.agent.post('/businesses/accept-invite', { token });
      expect(errorOf(wrong)).toMatchObject({
        status: 403,
        code: 'FORBIDDEN',
        error: BUSINESS_MESSAGES.inviteWrongUser,
      });
      expect(await listIds(stranger)).toEqual([stranger.body.user.businessId]);
      expect((await invitee.agent.post('/businesses/accept-invite', { token })).statusCode).toBe(200);
    });

    test('a used, expired, revoked, replaced or unknown token answers 400 Failed to accept invite', async () => {
      const owner = await signedInAgent(t.app);
      const businessId = owner.body.user.businessId;
      const invitee = await signedInAgent(t.app);
      const invite = (email: string) =>
        owner.agent.post(`/businesses/${businessId}/invites`, { email, role: 'member' });
      const accept = (token: string) => invitee.agent.post('/businesses/accept-invite', { token });
      const failed = { status: 400, code: 'VALIDATION_ERROR', error: BUSINESS_MESSAGES.acceptInviteFailed };

      expect(errorOf(await accept('x'.repeat(43)))).toEqual(failed);

      // Replaced by a re-invite: the old link dies, the new one works.
      await invite(invitee.signup.email);
      const first = inviteTokenFor(invitee.signup.email);
      await invite(invitee.signup.email);
      const second = inviteTokenFor(invitee.signup.email);
      expect(second).not.toBe(first);
      expect((await owner.agent.get(`/businesses/${businessId}/invites`)).json().data).toHaveLength(1);
      expect(errorOf(await accept(first))).toEqual(failed);

      // Expired.
      await t.database.db.execute(
        sql`UPDATE business_invites SET expires_at = now() - interval '1 minute' WHERE business_id = ${businessId}`,
      );
      const listed = (await owner.agent.get(`/businesses/${businessId}/invites`)).json().data;
      expect(listed).toEqual([expect.objectContaining({ expired: true })]);
      expect(errorOf(await accept(second))).toEqual(failed);
      expect(await listIds(invitee)).not.toContain(businessId);

      // Revoked.
      await invite(invitee.signup.email);
      const third = inviteTokenFor(invitee.signup.email);
      const pending = (await owner.agent.get(`/businesses/${businessId}/invites`)).json().data as { id: string }[];
      expect((await owner.agent.delete(`/businesses/${businessId}/invites/${pending[0]!.id}`)).statusCode).toBe(200);
      expect((await owner.agent.get(`/businesses/${businessId}/invites`)).json().data).toEqual([]);
      expect(errorOf(await accept(third))).toEqual(failed);

      // Used: once only.
      await invite(invitee.signup.email);
      const fourth = inviteTokenFor(invitee.signup.email);
      expect((await accept(fourth)).statusCode).toBe(200);
      expect(errorOf(await accept(fourth))).toEqual(failed);
    });

    test('inviting an existing member is a 409; roles and membership are checked', async () => {
      const { owner, businessId, members } = await team('admin', 'member');
      const [admin, member] = members as [Signed, Signed];
      const outsider = await signedInAgent(t.app);
      const path = `/businesses/${businessId}/invites`;

      const existing = await owner.agent.post(path, { email: member.signup.email.toUpperCase(), role: 'member' });
      expect(errorOf(existing)).toMatchObject({
        status: 409,
        code: 'CONFLICT',
        error: BUSINESS_MESSAGES.alreadyMember,
      });

      // allowMemberInvites is off for a new business: a member cannot invite.
      const byMember = await member.agent.post(path, { email: 'someone@example.com', role: 'member' });
      expect(errorOf(byMember)).toMatchObject({ status: 403, code: 'FORBIDDEN' });
      expect(errorOf(await member.agent.get(path))).toMatchObject({ status: 403 });

      const ownerByAdmin = await admin.agent.post(path, { email: 'boss@example.com', role: 'owner' });
      expect(errorOf(ownerByAdmin)).toMatchObject({ status: 403, error: BUSINESS_MESSAGES.ownerOnly });
      expect((await admin.agent.post(path, { email: 'helper@example.com', role: 'admin' })).statusCode).toBe(201);

      const byOutsider = await outsider.agent.post(path, { email: 'x@example.com', role: 'member' });
      expect(errorOf(byOutsider)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      expect(errorOf(await outsider.agent.get(path))).toMatchObject({ status: 404 });

      const invalid = await owner.agent.post(path, { email: 'not-an-email', role: 'member' });
      expect(errorOf(invalid)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
      const badRole = await owner.agent.post(path, { email: 'x@example.com', role: 'superuser' });
      expect(errorOf(badRole)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    });

    test('settings.allowMemberInvites lets members invite members (only), and defaultRole fills an invite without a role', async () => {
      const { owner, businessId, members } = await team('member');
      const [member] = members as [Signed];
      const path = `/businesses/${businessId}/invites`;
      const settings = (s: Record<string, unknown>) => owner.agent.put(`/businesses/${businessId}`, { settings: s });

      expect((await settings({ allowMemberInvites: true })).statusCode).toBe(200);
      const invited = await member.agent.post(path, { email: `friend.${Date.now()}@example.com` });
      expect(invited.statusCode).toBe(201);
      expect(invited.json().data).toMatchObject({ role: 'member' });
      const asAdmin = await member.agent.post(path, { email: 'boss2@example.com', role: 'admin' });
      expect(errorOf(asAdmin)).toMatchObject({ status: 403, code: 'FORBIDDEN' });
      // Listing and revoking stay with owners and admins.
      expect(errorOf(await member.agent.get(path))).toMatchObject({ status: 403 });

      // The default role applies when the invite names none; a member still only invites members.
      expect((await settings({ defaultRole: 'admin' })).statusCode).toBe(200);
      const byOwner = await owner.agent.post(path, { email: `second.${Date.now()}@example.com` });
      expect(byOwner.json().data).toMatchObject({ role: 'admin' });
      const memberDefault = await member.agent.post(path, { email: 'third@example.com' });
      expect(errorOf(memberDefault)).toMatchObject({ status: 403, code: 'FORBIDDEN' });

      // Ownership is never a default; turning member invites off again closes them.
      const ownerDefault = await settings({ defaultRole: 'owner' });
      expect(errorOf(ownerDefault)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
      expect((await settings({ allowMemberInvites: false, defaultRole: 'member' })).statusCode).toBe(200);
      const closed = await member.agent.post(path, { email: 'fourth@example.com' });
      expect(errorOf(closed)).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    });

    test('an invite id of another business is a 404 and that invite stays', async () => {
      const a = await signedInAgent(t.app);
      const b = await signedInAgent(t.app);
      const created = await b.agent.post(`/businesses/${b.body.user.businessId}/invites`, {
        email: 'victim@example.com',
        role: 'member',
      });
      const inviteId = created.json().data.id as string;
      const res = await a.agent.delete(`/businesses/${a.body.user.businessId}/invites/${inviteId}`);
      expect(errorOf(res)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      const direct = await a.agent.delete(`/businesses/${b.body.user.businessId}/invites/${inviteId}`);
      expect(errorOf(direct)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      expect((await b.agent.get(`/businesses/${b.body.user.businessId}/invites`)).json().data).toHaveLength(1);
    });
  });

  describe('members', () => {
    const put = (a: Signed, businessId: string, userId: string, role: string) =>
      a.agent.put(`/businesses/${businessId}/members/${userId}`, { role });
    const del = (a: Signed, businessId: string, userId: string) =>
      a.agent.delete(`/businesses/${businessId}/members/${userId}`);
    const roleIn = async (owner: Signed, businessId: string, userId: string) =>
      ((await owner.agent.get(`/businesses/${businessId}`)).json().data as Business).members.find(
        (m) => m.userId === userId,
      )?.role;

    test('role changes: owner any, admin only non-owner roles, member none', async () => {
      const { owner, businessId, members } = await team('admin', 'member', 'member');
      const [admin, member, other] = members as [Signed, Signed, Signed];

      const promoted = await put(admin, businessId, member.body.user.id, 'admin');
      expect(promoted.statusCode).toBe(200);
      expect(businessMemberSchema.strict().parse(promoted.json().data)).toMatchObject({
        userId: member.body.user.id,
        role: 'admin',
      });
      expect(errorOf(await put(admin, businessId, other.body.user.id, 'owner'))).toMatchObject({
        status: 403,
        error: BUSINESS_MESSAGES.ownerOnly,
      });
      expect(errorOf(await put(admin, businessId, owner.body.user.id, 'member'))).toMatchObject({ status: 403 });
      expect(errorOf(await put(other, businessId, other.body.user.id, 'admin'))).toMatchObject({
        status: 403,
        code: 'FORBIDDEN',
      });
      expect(await roleIn(owner, businessId, other.body.user.id)).toBe('member');

      expect((await put(owner, businessId, other.body.user.id, 'owner')).statusCode).toBe(200);
      expect(await roleIn(owner, businessId, other.body.user.id)).toBe('owner');
      expect(errorOf(await put(owner, businessId, owner.body.user.id, 'superuser'))).toMatchObject({ status: 400 });
    });

    test('the last owner can be neither demoted nor removed, also not by themselves', async () => {
      const { owner, businessId, members } = await team('owner');
      const [second] = members as [Signed];
      // Two owners: one may step down.
      expect((await put(second, businessId, second.body.user.id, 'admin')).statusCode).toBe(200);
      const lastOwner = { status: 400, code: 'VALIDATION_ERROR', error: BUSINESS_MESSAGES.lastOwner };
      expect(errorOf(await put(owner, businessId, owner.body.user.id, 'admin'))).toEqual(lastOwner);
      // Not their only business, so leaving is otherwise allowed: the last-owner rule is what stops it.
      expect((await owner.agent.post('/businesses', { name: 'Elsewhere' })).statusCode).toBe(201);
      expect(errorOf(await del(owner, businessId, owner.body.user.id))).toEqual(lastOwner);
      expect(await roleIn(owner, businessId, owner.body.user.id)).toBe('owner');
    });

    test('removal: admin removes members but not owners; a member only themselves (leave)', async () => {
      const { owner, businessId, members } = await team('admin', 'member', 'member');
      const [admin, member, leaver] = members as [Signed, Signed, Signed];

      expect(errorOf(await del(member, businessId, leaver.body.user.id))).toMatchObject({ status: 403 });
      expect(errorOf(await del(admin, businessId, owner.body.user.id))).toMatchObject({
        status: 403,
        error: BUSINESS_MESSAGES.ownerOnly,
      });
      expect((await del(admin, businessId, member.body.user.id)).statusCode).toBe(200);
      expect(await listIds(member)).toEqual([member.body.user.businessId]);
      expect(errorOf(await member.agent.get(`/businesses/${businessId}`))).toMatchObject({ status: 404 });

      const left = await del(leaver, businessId, leaver.body.user.id);
      expect(left.statusCode).toBe(200);
      expect(await listIds(leaver)).toEqual([leaver.body.user.businessId]);
      expect(errorOf(await del(owner, businessId, leaver.body.user.id))).toMatchObject({
        status: 404,
        error: BUSINESS_MESSAGES.memberNotFound,
      });
    });

    test('a user id outside the business, or a business id of another, is a 404', async () => {
      const { owner, businessId } = await team('member');
      const other = await signedInAgent(t.app);
      expect(errorOf(await put(owner, businessId, other.body.user.id, 'admin'))).toMatchObject({ status: 404 });
      expect(errorOf(await del(owner, businessId, other.body.user.id))).toMatchObject({ status: 404 });
      const otherBusiness = other.body.user.businessId;
      expect(errorOf(await put(owner, otherBusiness, other.body.user.id, 'member'))).toMatchObject({ status: 404 });
      expect(errorOf(await del(owner, otherBusiness, other.body.user.id))).toMatchObject({ status: 404 });
      expect((await other.agent.get(`/businesses/${otherBusiness}`)).json().data.members).toEqual([
        expect.objectContaining({ userId: other.body.user.id, role: 'owner' }),
      ]);
    });

    test('leaving the current business moves the session to another business', async () => {
      const { businessId, members } = await team('member');
      const [member] = members as [Signed];
      expect((await member.agent.post(`/businesses/${businessId}/switch`)).statusCode).toBe(200);
      expect((await member.agent.get('/users/me')).json().user.businessId).toBe(businessId);
      const left = await member.agent.delete(`/businesses/${businessId}/members/${member.body.user.id}`);
      expect(left.statusCode).toBe(200);
      expect(left.json().user.businessId).toBe(member.body.user.businessId);
      expect((await member.agent.get('/users/me')).json().user.businessId).toBe(member.body.user.businessId);
    });

    test('nobody leaves their only business', async () => {
      const owner = await signedInAgent(t.app);
      const businessId = owner.body.user.businessId;
      // An invited user whose own business is gone is only in this one.
      const invitee = await signedInAgent(t.app);
      await owner.agent.post(`/businesses/${businessId}/invites`, { email: invitee.signup.email, role: 'member' });
      await invitee.agent.post('/businesses/accept-invite', { token: inviteTokenFor(invitee.signup.email) });
      await invitee.agent.post(`/businesses/${businessId}/switch`);
      expect((await invitee.agent.delete(`/businesses/${invitee.body.user.businessId}`)).statusCode).toBe(200);
      const res = await invitee.agent.delete(`/businesses/${businessId}/members/${invitee.body.user.id}`);
      expect(errorOf(res)).toMatchObject({ status: 400, error: BUSINESS_MESSAGES.lastBusinessLeave });
    });
  });

  describe('switch', () => {
    test("switching changes the session's business: /users/me, contacts, cookies and the next refresh", async () => {
      const a = await signedInAgent(t.app);
      const first = a.body.user.businessId;
      const second = (await a.agent.post('/businesses', { name: 'Second Shop' })).json().data.id as string;
      await a.agent.post('/contacts', { firstName: 'In', lastName: 'First', email: 'first@example.com' });

      const cookieBefore = a.agent.cookie(ACCESS_COOKIE);
      const res = await a.agent.post(`/businesses/${second}/switch`);
      expect(res.statusCode).toBe(200);
      const user = userSchema.strict().parse(res.json().user);
      expect(user).toMatchObject({ businessId: second, businessName: 'Second Shop', role: 'owner' });
      // The browser gets the new token as a cookie only; a client that asks for tokens in bodies gets it there.
      expect(res.json().accessToken).toBeUndefined();
      expect(a.agent.cookie(ACCESS_COOKIE)).not.toBe(cookieBefore);
      const asked = await a.agent.post(`/businesses/${first}/switch`, undefined, {
        headers: { [TOKEN_BODY_HEADER]: '1' },
      });
      expect(typeof asked.json().accessToken).toBe('string');
      expect((await a.agent.post(`/businesses/${second}/switch`)).statusCode).toBe(200);

      expect((await a.agent.get('/users/me')).json().user.businessId).toBe(second);
      expect((await a.agent.get('/contacts')).json().data).toEqual([]);
      await a.agent.post('/contacts', { firstName: 'In', lastName: 'Second', email: 'second@example.com' });
      const emails = async () =>
        ((await a.agent.get('/contacts')).json().data as { email: string }[]).map((c) => c.email);
      expect(await emails()).toEqual(['second@example.com']);

      // The refresh-token family keeps working and signs for the switched business.
      expect((await a.agent.post('/auth/refresh')).statusCode).toBe(200);
      expect((await a.agent.get('/users/me')).json().user.businessId).toBe(second);

      await a.agent.post(`/businesses/${first}/switch`);
      expect(await emails()).toEqual(['first@example.com']);
      // CSRF still bound to the same session: unsafe calls keep working.
      expect((await a.agent.post('/contacts', { firstName: 'X', email: 'x@example.com' })).statusCode).toBe(201);
    });

    test('switching to a business of someone else is a 404 and changes nothing', async () => {
      const a = await signedInAgent(t.app);
      const b = await signedInAgent(t.app);
      const res = await a.agent.post(`/businesses/${b.body.user.businessId}/switch`);
      expect(errorOf(res)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      expect((await a.agent.get('/users/me')).json().user.businessId).toBe(a.body.user.businessId);
    });
  });

  describe('delete', () => {
    test('owner only; not your only business', async () => {
      const { owner, businessId, members } = await team('admin', 'member');
      const [admin, member] = members as [Signed, Signed];
      expect(errorOf(await admin.agent.delete(`/businesses/${businessId}`))).toMatchObject({ status: 403 });
      expect(errorOf(await member.agent.delete(`/businesses/${businessId}`))).toMatchObject({ status: 403 });
      expect(errorOf(await owner.agent.delete(`/businesses/${businessId}`))).toMatchObject({
        status: 400,
        error: BUSINESS_MESSAGES.lastBusiness,
      });
      const outsider = await signedInAgent(t.app);
      await outsider.agent.post('/businesses', { name: 'Spare' });
      expect(errorOf(await outsider.agent.delete(`/businesses/${businessId}`))).toMatchObject({ status: 404 });
      expect(await listIds(owner)).toEqual([businessId]);
    });

    test('deleting the current business moves every session on it; members without another lose theirs', async () => {
      const owner = await signedInAgent(t.app);
      const doomed = (await owner.agent.post('/businesses', { name: 'Doomed' })).json().data.id as string;
      await owner.agent.post(`/businesses/${doomed}/switch`);
      await owner.agent.post('/contacts', { firstName: 'Gone', email: 'gone@example.com' });

      // A member with their own business too, currently in the doomed one.
      const member = await signedInAgent(t.app);
      await owner.agent.post(`/businesses/${doomed}/invites`, { email: member.signup.email, role: 'member' });
      await member.agent.post('/businesses/accept-invite', { token: inviteTokenFor(member.signup.email) });
      await member.agent.post(`/businesses/${doomed}/switch`);

      // A member whose only business it is (their own was deleted earlier).
      const lonely = await signedInAgent(t.app);
      await owner.agent.post(`/businesses/${doomed}/invites`, { email: lonely.signup.email, role: 'owner' });
      await lonely.agent.post('/businesses/accept-invite', { token: inviteTokenFor(lonely.signup.email) });
      await lonely.agent.post(`/businesses/${doomed}/switch`);
      expect((await lonely.agent.delete(`/businesses/${lonely.body.user.businessId}`)).statusCode).toBe(200);

      const res = await owner.agent.delete(`/businesses/${doomed}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().user.businessId).toBe(owner.body.user.businessId);
      expect(await listIds(owner)).toEqual([owner.body.user.businessId]);
      expect((await owner.agent.get('/users/me')).json().user.businessId).toBe(owner.body.user.businessId);
      expect((await owner.agent.get('/contacts')).json().data).toEqual([]);
      const left = await t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM contacts WHERE business_id = ${doomed}`,
      );
      expect(Number((left as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(0);

      // The member's refresh lands in their own business.
      expect((await member.agent.post('/auth/refresh')).statusCode).toBe(200);
      expect((await member.agent.get('/users/me')).json().user.businessId).toBe(member.body.user.businessId);

      // The lonely member's session is gone.
      expect((await lonely.agent.post('/auth/refresh')).statusCode).toBe(401);
    });
  });

  test('slugify keeps slugs URL-safe', () => {
    expect(slugify("Grace's Business")).toBe('grace-s-business');
    expect(slugify('  Café Ünïcode!! ')).toBe('cafe-unicode');
    expect(slugify('***')).toBe('business');
    expect(slugify('x'.repeat(80))).toHaveLength(48);
  });
});
