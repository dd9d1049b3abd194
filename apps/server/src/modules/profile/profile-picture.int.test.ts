import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profilePictures } from '../../db/schema/accounts';
import { auditLog } from '../../db/schema/platform';
import { startTestApp, type TTestApp } from '../../test/harness';
import { TINY_JPEG, TINY_PNG } from '../../test/images';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const MAX = 2_097_152;

const put = (token: string, body: Buffer | string, contentType: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/profile/picture',
    headers: { ...t.bearer(token), 'content-type': contentType, 'accept-language': 'en' },
    payload: body,
  });
const get = (token: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: '/api/profile/picture', headers: { ...t.bearer(token), ...headers } });

/** A real PNG padded to `size` bytes (data after IEND is ignored by decoders). */
const pngOfSize = (size: number) => Buffer.concat([TINY_PNG, Buffer.alloc(size - TINY_PNG.length)]);

describe('profile picture', () => {
  it('stores a real PNG and serves exactly those bytes to its owner only', async () => {
    const { access_token: token } = await t.login('user@example.com');
    const res = await put(token, TINY_PNG, 'image/png');
    expect(res.statusCode).toBe(200);
    const sha = createHash('sha256').update(TINY_PNG).digest('hex');
    expect(res.json()).toMatchObject({
      data: { content_type: 'image/png', size: TINY_PNG.length, sha256: sha },
      message: 'Your profile picture has been updated.',
    });

    const got = await get(token);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers.etag).toBe(`"${sha}"`);
    expect(got.headers['cache-control']).toContain('private');
    expect(Buffer.compare(got.rawPayload, TINY_PNG)).toBe(0);
    // Unchanged since the last fetch: no bytes again.
    const again = await get(token, { 'if-none-match': `"${sha}"` });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    // GET answers the caller's own picture: another operator has none yet.
    const master = await t.login('master@example.com');
    expect((await get(master.access_token)).statusCode).toBe(204);

    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'profile.picture_updated'),
          eq(auditLog.actorUserId, t.fixtures.users.user.id),
        ),
      );
    expect(audit?.details).toMatchObject({ contentType: 'image/png', sha256: sha });
  });

  it('takes a JPEG/JFIF sent as application/octet-stream and replaces the earlier picture', async () => {
    const { access_token: token } = await t.login('user@example.com');
    const res = await put(token, TINY_JPEG, 'application/octet-stream');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.content_type).toBe('image/jpeg');
    const got = await get(token);
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(got.rawPayload, TINY_JPEG)).toBe(0);
    const rows = await t.ctx.db
      .select()
      .from(profilePictures)
      .where(eq(profilePictures.userId, t.fixtures.users.user.id));
    expect(rows).toHaveLength(1);
  });

  it('judges by bytes: a text file named and labelled as PNG is refused with 415', async () => {
    const { access_token: token } = await t.login('oem@example.com');
    const text = Buffer.from('This is a text file renamed to avatar.png\n');
    for (const type of ['image/png', 'image/jpeg', 'application/octet-stream']) {
      const res = await put(token, text, type);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Unsupported format. Please choose a JPG, JPEG, JFIF or PNG image.',
      });
    }
    // A GIF is an image, but not one of the accepted formats.
    expect((await put(token, Buffer.from('GIF89a\x01\x00\x01\x00'), 'image/png')).statusCode).toBe(415);
    // A PNG cut after its signature has no IHDR.
    expect((await put(token, TINY_PNG.subarray(0, 12), 'image/png')).statusCode).toBe(415);
    expect((await get(token)).statusCode).toBe(204);
  });

  it('accepts no other content type for the upload, JSON included', async () => {
    const { access_token: token } = await t.login('oem@example.com');
    expect((await put(token, TINY_PNG, 'image/gif')).statusCode).toBe(415);
    const json = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/picture',
      headers: t.bearer(token),
      payload: { picture: TINY_PNG.toString('base64') },
    });
    expect(json.statusCode).toBe(415);
  });

  it('allows exactly 2 MB and refuses one byte more with 413 and a clear message', async () => {
    const { access_token: token } = await t.login('direct@example.com');
    const atLimit = await put(token, pngOfSize(MAX), 'image/png');
    expect(atLimit.statusCode).toBe(200);
    expect(atLimit.json().data.size).toBe(MAX);

    const over = await put(token, pngOfSize(MAX + 1), 'image/png');
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'File too large. Please choose an image of 2 MB or less.',
    });
    // The stored picture is still the earlier one.
    expect((await get(token)).rawPayload.length).toBe(MAX);
  });

  it('lets a view-only sub-admin set its own picture (its own profile, not the account’s data)', async () => {
    const { access_token: token } = await t.login('sub@example.com');
    expect((await put(token, TINY_PNG, 'image/png')).statusCode).toBe(200);
  });

  it('removes the picture; afterwards GET answers 204, no content', async () => {
    const { access_token: token } = await t.login('user@example.com');
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/profile/picture',
      headers: { ...t.bearer(token), 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Your profile picture has been removed.');
    expect((await get(token)).statusCode).toBe(204);
  });

  it('requires a signed-in caller', async () => {
    expect((await t.app.inject({ url: '/api/profile/picture' })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/picture',
      headers: { 'content-type': 'image/png' },
      payload: TINY_PNG,
    });
    expect(res.statusCode).toBe(401);
  });
});
