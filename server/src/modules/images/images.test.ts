import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES, userSchema } from '@atrium/contracts';
import { BUSINESS_MESSAGES, businessSchema, type Business } from '@atrium/domain-admin/schemas';
import { Agent, createTestApp, signedInAgent, type TestApp } from '../../../test/helpers';
import { sniffImageType } from '../../lib/images';

type Signed = Awaited<ReturnType<typeof signedInAgent>>;

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(64), Buffer.from([0xff, 0xd9])]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), randomBytes(32)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([40, 0, 0, 0]), Buffer.from('WEBPVP8 '), randomBytes(28)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

/** A multipart/form-data body with one file part. */
function multipart(content: Buffer, { field = 'logo', type = 'image/png', fileName = 'logo.png' } = {}) {
  const boundary = `----atrium${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
    `Content-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('images (logos and profile pictures)', () => {
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

  const imageCount = async () => {
    const result = await t.database.db.execute(sql`SELECT count(*)::int AS n FROM images`);
    return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
  };

  const upload = (agent: Agent, url: string, content: Buffer, options?: Parameters<typeof multipart>[1]) => {
    const { payload, headers } = multipart(content, options);
    return agent.post(url, payload, { headers });
  };

  const businessOf = async (a: Signed, id: string) => (await a.agent.get(`/businesses/${id}`)).json().data as Business;

  /** An owner with an admin and a member in their business (joined through invites). */
  async function team() {
    const owner = await signedInAgent(t.app);
    const businessId = owner.body.user.businessId;
    const joined: Signed[] = [];
    for (const role of ['admin', 'member'] as const) {
      const m = await signedInAgent(t.app);
      await owner.agent.post(`/businesses/${businessId}/invites`, { email: m.signup.email, role });
      const mail = [...t.mails].reverse().find((x) => x.to === m.signup.email)!;
      const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
      expect((await m.agent.post('/businesses/accept-invite', { token })).statusCode).toBe(200);
      joined.push(m);
    }
    const [admin, member] = joined as [Signed, Signed];
    return { owner, admin, member, businessId };
  }

  test('sniffImageType knows png, jpeg, gif and webp by their bytes only', () => {
    expect(sniffImageType(PNG)).toBe('image/png');
    expect(sniffImageType(JPEG)).toBe('image/jpeg');
    expect(sniffImageType(GIF)).toBe('image/gif');
    expect(sniffImageType(WEBP)).toBe('image/webp');
    expect(sniffImageType(SVG)).toBeNull();
    expect(sniffImageType(Buffer.from('RIFF0000WAVE'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });

  describe('business logo', () => {
    test('owner uploads; the business shows it; members read it with a 5-minute private cache', async () => {
      const { owner, member, businessId } = await team();
      const res = await upload(owner.agent, `/businesses/${businessId}/logo`, PNG);
      expect(res.statusCode).toBe(200);
      const business = businessSchema.strict().parse(res.json().data);
      expect(business.hasLogo).toBe(true);
      expect(business.logo).toMatch(new RegExp(`^/api/v1/businesses/${businessId}/logo\\?v=\\w+$`));
      expect((await businessOf(member, businessId)).logo).toBe(business.logo);

      const got = await member.agent.request({ method: 'GET', url: business.logo! });
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('image/png');
      expect(got.headers['cache-control']).toBe('private, max-age=300');
      expect(got.headers['x-content-type-options']).toBe('nosniff');
      expect(got.rawPayload.equals(PNG)).toBe(true);

      // A new upload replaces it under a new URL.
      const again = await upload(owner.agent, `/businesses/${businessId}/logo`, JPEG, {
        type: 'image/jpeg',
        fileName: 'l.jpg',
      });
      expect(again.json().data.logo).not.toBe(business.logo);
      const got2 = await owner.agent.get(`/businesses/${businessId}/logo`);
      expect(got2.headers['content-type']).toBe('image/jpeg');
      expect(got2.rawPayload.equals(JPEG)).toBe(true);
    });

    test('the field may be "file"; gif and webp are accepted; image/jpg counts as jpeg', async () => {
      const owner = await signedInAgent(t.app);
      const url = `/businesses/${owner.body.user.businessId}/logo`;
      expect((await upload(owner.agent, url, GIF, { field: 'file', type: 'image/gif' })).statusCode).toBe(200);
      expect((await upload(owner.agent, url, WEBP, { type: 'image/webp' })).statusCode).toBe(200);
      expect((await upload(owner.agent, url, JPEG, { type: 'image/jpg' })).statusCode).toBe(200);
      expect((await owner.agent.get(url)).headers['content-type']).toBe('image/jpeg');
    });

    test('admin may upload and delete; a member gets 403; another business 404; nothing stored', async () => {
      const { owner, admin, member, businessId } = await team();
      const outsider = await signedInAgent(t.app);
      const url = `/businesses/${businessId}/logo`;
      const before = await imageCount();
      expect(errorOf(await upload(member.agent, url, PNG))).toMatchObject({ status: 403, code: 'FORBIDDEN' });
      expect(errorOf(await upload(outsider.agent, url, PNG))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      expect(await imageCount()).toBe(before);
      expect((await businessOf(owner, businessId)).hasLogo).toBe(false);
      expect(errorOf(await owner.agent.get(url))).toMatchObject({ status: 404, error: BUSINESS_MESSAGES.logoNotFound });

      expect((await upload(admin.agent, url, PNG)).statusCode).toBe(200);
      expect(errorOf(await outsider.agent.get(url))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      expect(errorOf(await member.agent.delete(url))).toMatchObject({ status: 403 });
      expect(errorOf(await outsider.agent.delete(url))).toMatchObject({ status: 404 });
      expect((await businessOf(owner, businessId)).hasLogo).toBe(true);

      const deleted = await admin.agent.delete(url);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json().data).toMatchObject({ logo: null, hasLogo: false });
      expect(errorOf(await member.agent.get(url))).toMatchObject({ status: 404 });
      expect(await imageCount()).toBe(before);
    });

    test('wrong types are 415 Invalid logo format and store nothing (the old logo stays)', async () => {
      const owner = await signedInAgent(t.app);
      const businessId = owner.body.user.businessId;
      const url = `/businesses/${businessId}/logo`;
      await upload(owner.agent, url, PNG);
      const { logo } = await businessOf(owner, businessId);
      const before = await imageCount();
      const invalid = { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', error: BUSINESS_MESSAGES.invalidLogoFormat };

      // Not an image at all, though declared as one.
      expect(errorOf(await upload(owner.agent, url, SVG, { type: 'image/png' }))).toEqual(invalid);
      // An allowed-looking type that is not allowed.
      expect(errorOf(await upload(owner.agent, url, SVG, { type: 'image/svg+xml' }))).toEqual(invalid);
      // Real PNG bytes declared as something else.
      expect(errorOf(await upload(owner.agent, url, PNG, { type: 'image/jpeg' }))).toEqual(invalid);
      expect(errorOf(await upload(owner.agent, url, PNG, { type: 'application/octet-stream' }))).toEqual(invalid);
      // An executable renamed to .png.
      const exe = Buffer.concat([Buffer.from('MZ'), randomBytes(100)]);
      expect(errorOf(await upload(owner.agent, url, exe, { type: 'image/png' }))).toEqual(invalid);

      expect(await imageCount()).toBe(before);
      expect((await businessOf(owner, businessId)).logo).toBe(logo);
      expect((await owner.agent.get(url)).rawPayload.equals(PNG)).toBe(true);
    });

    test('over 2 MB is 413 and stores nothing', async () => {
      const owner = await signedInAgent(t.app);
      const businessId = owner.body.user.businessId;
      const url = `/businesses/${businessId}/logo`;
      const before = await imageCount();
      const big = Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(IMAGE_MAX_BYTES)]);
      expect(errorOf(await upload(owner.agent, url, big))).toEqual({
        status: 413,
        code: 'PAYLOAD_TOO_LARGE',
        error: IMAGE_MESSAGES.tooLarge,
      });
      expect(await imageCount()).toBe(before);
      expect((await businessOf(owner, businessId)).hasLogo).toBe(false);

      // Exactly the limit is fine.
      const max = Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(IMAGE_MAX_BYTES - 8)]);
      expect((await upload(owner.agent, url, max)).statusCode).toBe(200);
    });

    test('a missing file, another field name or a JSON body are refused', async () => {
      const owner = await signedInAgent(t.app);
      const url = `/businesses/${owner.body.user.businessId}/logo`;
      const before = await imageCount();
      expect(errorOf(await upload(owner.agent, url, PNG, { field: 'avatar' }))).toMatchObject({
        status: 400,
        error: IMAGE_MESSAGES.noFile,
      });
      expect(errorOf(await upload(owner.agent, url, Buffer.alloc(0)))).toMatchObject({ status: 400 });
      expect(errorOf(await owner.agent.post(url, { logo: 'data:image/png;base64,xyz' }))).toMatchObject({
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
      expect(await imageCount()).toBe(before);
    });

    test('requires a session and the CSRF header', async () => {
      const owner = await signedInAgent(t.app);
      const url = `/businesses/${owner.body.user.businessId}/logo`;
      const anonymous = await new Agent(t.app).init();
      expect((await anonymous.get(url)).statusCode).toBe(401);
      expect((await upload(anonymous, url, PNG)).statusCode).toBe(401);
      const { payload, headers } = multipart(PNG);
      expect((await owner.agent.post(url, payload, { headers, csrf: false })).statusCode).toBe(403);
    });

    test('deleting the business deletes its logo', async () => {
      const owner = await signedInAgent(t.app);
      const spare = (await owner.agent.post('/businesses', { name: 'Spare' })).json().data.id as string;
      await upload(owner.agent, `/businesses/${spare}/logo`, PNG);
      const count = await imageCount();
      expect((await owner.agent.delete(`/businesses/${spare}`)).statusCode).toBe(200);
      expect(await imageCount()).toBe(count - 1);
    });
  });

  describe('profile picture', () => {
    test('upload, read by any signed-in user, delete', async () => {
      const me = await signedInAgent(t.app);
      const other = await signedInAgent(t.app);
      const url = `/users/${me.body.user.id}/picture/medium`;
      expect(errorOf(await other.agent.get(url))).toMatchObject({ status: 404, error: IMAGE_MESSAGES.pictureNotFound });

      const res = await upload(me.agent, '/users/me/picture', GIF, { field: 'picture', type: 'image/gif' });
      expect(res.statusCode).toBe(200);
      const user = userSchema.strict().parse(res.json().user);
      expect(user.profilePicture).toMatch(new RegExp(`^/api/v1/users/${me.body.user.id}/picture/medium\\?v=\\w+$`));
      expect(user.picture).toBe(user.profilePicture);
      expect((await me.agent.get('/users/me')).json().user.profilePicture).toBe(user.profilePicture);

      const got = await other.agent.request({ method: 'GET', url: user.profilePicture! });
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('image/gif');
      expect(got.headers['cache-control']).toBe('private, max-age=300');
      expect(got.rawPayload.equals(GIF)).toBe(true);

      const anonymous = await new Agent(t.app).init();
      expect((await anonymous.get(url)).statusCode).toBe(401);

      const deleted = await me.agent.delete('/users/me/picture');
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json().user).toMatchObject({ profilePicture: null, picture: null });
      expect(errorOf(await other.agent.get(url))).toMatchObject({ status: 404 });
    });

    test('415 and 413 store nothing and keep the old picture', async () => {
      const me = await signedInAgent(t.app);
      await upload(me.agent, '/users/me/picture', PNG, { field: 'file' });
      const before = await imageCount();
      const { profilePicture } = (await me.agent.get('/users/me')).json().user;
      const wrong = await upload(me.agent, '/users/me/picture', SVG, { field: 'picture', type: 'image/png' });
      expect(errorOf(wrong)).toEqual({
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        error: IMAGE_MESSAGES.invalidPictureFormat,
      });
      const big = Buffer.concat([JPEG.subarray(0, 4), Buffer.alloc(IMAGE_MAX_BYTES + 1)]);
      const tooBig = await upload(me.agent, '/users/me/picture', big, { field: 'picture', type: 'image/jpeg' });
      expect(errorOf(tooBig)).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
      expect(await imageCount()).toBe(before);
      expect((await me.agent.get('/users/me')).json().user.profilePicture).toBe(profilePicture);
      const got = await me.agent.get(`/users/${me.body.user.id}/picture/medium`);
      expect(got.rawPayload.equals(PNG)).toBe(true);
    });
  });
});
