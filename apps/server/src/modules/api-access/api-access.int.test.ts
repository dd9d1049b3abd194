import { createHash } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSettings } from '../../db/schema/accounts';
import { auditLog } from '../../db/schema/platform';
import { startTestApp, type TTestApp } from '../../test/harness';

// The API settings of the API dialog: validation, secrets kept hashed, the key
// shown once, and who may change what.

let t: TTestApp;
const tokens = new Map<string, string>();
beforeAll(async () => {
  t = await startTestApp();
  for (const email of ['direct@example.com', 'oem@example.com', 'sub@example.com'])
    tokens.set(email, (await t.login(email)).access_token);
});
afterAll(async () => t?.close());

const as = (email: string) => ({ ...t.bearer(tokens.get(email)!), 'accept-language': 'en' });
const getSettings = (email: string) => t.app.inject({ url: '/api/api-settings', headers: as(email) });
const put = (email: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/api-settings', headers: as(email), payload });
const issue = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/api-settings/key', headers: as(email) });
const revoke = (email: string) =>
  t.app.inject({ method: 'DELETE', url: '/api/api-settings/key', headers: as(email) });
const rowOf = async (accountId: string) =>
  (await t.ctx.db.select().from(apiSettings).where(eq(apiSettings.accountId, accountId)))[0];

/** The field errors of a refused save, as { field: message }. */
async function errorsOf(payload: Record<string, unknown>, email = 'direct@example.com') {
  const res = await put(email, payload);
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  const body = res.json() as { errors?: { field: string; message: string }[] };
  return Object.fromEntries((body.errors ?? []).map((e) => [e.field, e.message]));
}

describe('GET /api/api-settings', () => {
  it('answers defaults before the first save, with the base URL of the read API', async () => {
    const res = await getSettings('direct@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      configured: false,
      enabled: false,
      method: 'API_KEY',
      client_id: null,
      ip_list: [],
      basic_id: null,
      has_basic_password: false,
      key: null,
      base_url: 'http://localhost:3000/api/v1',
      updated_at: null,
    });
  });
});

describe('validation (an IP, a key, or an ID and password, per method)', () => {
  it('needs at least one IP for IP restriction once enabled', async () => {
    expect(await errorsOf({ enabled: true, method: 'IP', ip_list: [] })).toEqual({
      ip_list: 'Enter at least one IP address for IP restriction.',
    });
  });

  it('checks every IP entry: empty, malformed, out of range, duplicated', async () => {
    const invalid = 'Enter a valid IPv4 or IPv6 address or CIDR range (for example 203.0.113.0/24).';
    const errors = await errorsOf({
      enabled: true,
      method: 'IP',
      ip_list: [
        '203.0.113.7',
        '',
        '999.1.1.1',
        '10.0.0.0/33',
        'example.com',
        '2001:db8::/129',
        '203.0.113.7',
      ],
    });
    expect(errors).toEqual({
      'ip_list.1': 'This field is required.',
      'ip_list.2': invalid,
      'ip_list.3': invalid,
      'ip_list.4': invalid,
      'ip_list.5': invalid,
      'ip_list.6': 'This IP address is already in the list.',
    });
  });

  it('caps the list', async () => {
    const ips = Array.from({ length: 51 }, (_, i) => `10.0.${Math.floor(i / 250)}.${i % 250}`);
    expect(await errorsOf({ enabled: true, method: 'IP', ip_list: ips })).toEqual({
      ip_list: 'You can register at most 50 IP addresses.',
    });
  });

  it('needs a well-formed Basic ID and, the first time, a password that follows the rules', async () => {
    expect(await errorsOf({ enabled: true, method: 'BASIC', basic_id: '', basic_password: '' })).toEqual({
      basic_id: 'Enter an ID for Basic authentication.',
    });
    const idRule = 'The ID must be 3 to 64 characters: letters, digits, period, underscore or hyphen.';
    for (const bad of ['ab', 'with space', 'ünïcode', 'x'.repeat(65)])
      expect(
        await errorsOf({ enabled: true, method: 'BASIC', basic_id: bad, basic_password: 'Api@2026pass' }),
      ).toEqual({ basic_id: idRule });
    expect(
      await errorsOf({ enabled: true, method: 'BASIC', basic_id: 'aozora.api', basic_password: '' }),
    ).toEqual({ basic_password: 'Enter a password for Basic authentication.' });
    expect(
      await errorsOf({ enabled: true, method: 'BASIC', basic_id: 'aozora.api', basic_password: 'short' }),
    ).toEqual({ basic_password: 'Password must be 8 to 50 characters.' });
    expect(
      await errorsOf({
        enabled: true,
        method: 'BASIC',
        basic_id: 'aozora.api',
        basic_password: 'alllowercase1',
      }),
    ).toEqual({
      basic_password:
        'Password must contain a lowercase letter, an uppercase letter, a digit and a special character (@ # $ % ^ & * ( ) _ + | { } < > : ; [ ] - = , . ?).',
    });
  });

  it('needs an issued key for API key mode', async () => {
    expect(await errorsOf({ enabled: true, method: 'API_KEY' })).toEqual({
      method: 'Issue an API key before using API key authentication.',
    });
  });

  it('refuses an unknown method', async () => {
    expect(Object.keys(await errorsOf({ enabled: true, method: 'OAUTH' }))).toEqual(['method']);
  });

  it('saves while disabled without the method requirements, and creates the row with a client id', async () => {
    const res = await put('direct@example.com', { enabled: false, method: 'IP', ip_list: [] });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('The API settings have been saved.');
    expect(res.json().data).toMatchObject({ configured: true, enabled: false, method: 'IP' });
    expect(res.json().data.client_id).toMatch(/^slc_[0-9a-f]{24}$/);
  });
});

describe('Basic credentials', () => {
  it('stores the password as argon2id, keeps it when left empty and never answers it', async () => {
    const first = await put('direct@example.com', {
      enabled: true,
      method: 'BASIC',
      basic_id: 'aozora.api',
      basic_password: 'Api@2026pass',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ basic_id: 'aozora.api', has_basic_password: true });
    expect(first.body).not.toContain('Api@2026pass');
    const stored = await rowOf(t.fixtures.accounts.direct.id);
    expect(stored?.basicPasswordHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(stored)).not.toContain('Api@2026pass');

    const again = await put('direct@example.com', { enabled: true, method: 'BASIC', basic_id: 'aozora.api' });
    expect(again.statusCode, again.body).toBe(200);
    expect((await rowOf(t.fixtures.accounts.direct.id))?.basicPasswordHash).toBe(stored?.basicPasswordHash);
  });

  it('answers 409 with a field error when another account holds the ID', async () => {
    const res = await put('oem@example.com', {
      enabled: true,
      method: 'BASIC',
      basic_id: 'aozora.api',
      basic_password: 'Other@2026pass',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CONFLICT',
      errors: [{ field: 'basic_id', message: 'This ID is already in use. Please choose another one.' }],
    });
  });
});

describe('API key', () => {
  it('answers the full key once and stores only its prefix and SHA-256', async () => {
    const res = await issue('direct@example.com');
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const { key, settings } = res.json().data as { key: string; settings: { key: { prefix: string } } };
    expect(key).toMatch(/^slp_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/);
    expect(settings.key.prefix).toBe(key.slice(4, 12));

    const row = await rowOf(t.fixtures.accounts.direct.id);
    expect(row?.keyHash).toBe(createHash('sha256').update(key).digest('hex'));
    const secret = key.slice(13);
    expect(JSON.stringify(row)).not.toContain(secret);

    const later = await getSettings('direct@example.com');
    expect(later.body).not.toContain(secret);
    expect(later.json().data.key).toEqual({ prefix: key.slice(4, 12), issued_at: expect.any(String) });

    const audits = await t.ctx.db.select().from(auditLog).where(like(auditLog.action, 'api_settings.%'));
    expect(audits.map((a) => a.action)).toContain('api_settings.key_issue');
    expect(JSON.stringify(audits)).not.toContain(secret);
    expect(JSON.stringify(audits)).not.toContain('Api@2026pass');
  });

  it('replaces the previous key on a new issue and lets API key mode be saved', async () => {
    const before = await rowOf(t.fixtures.accounts.direct.id);
    const res = await issue('direct@example.com');
    expect(res.statusCode).toBe(201);
    const after = await rowOf(t.fixtures.accounts.direct.id);
    expect(after?.keyHash).not.toBe(before?.keyHash);
    const saved = await put('direct@example.com', { enabled: true, method: 'API_KEY' });
    expect(saved.statusCode, saved.body).toBe(200);
    // The Basic credentials of the other mode stay as they were.
    expect(saved.json().data).toMatchObject({
      method: 'API_KEY',
      basic_id: 'aozora.api',
      has_basic_password: true,
    });
  });

  it('revokes the key', async () => {
    const res = await revoke('direct@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('The API key has been revoked. Programs using it can no longer connect.');
    expect(res.json().data.key).toBeNull();
    const row = await rowOf(t.fixtures.accounts.direct.id);
    expect([row?.keyPrefix, row?.keyHash, row?.keyIssuedAt]).toEqual([null, null, null]);
  });
});

describe('who manages which settings', () => {
  it("lets a SUB_ADMIN read its principal's account settings but not change them", async () => {
    const saved = await put('oem@example.com', { enabled: true, method: 'IP', ip_list: ['198.51.100.0/24'] });
    expect(saved.statusCode, saved.body).toBe(200);
    const seen = await getSettings('sub@example.com');
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data).toMatchObject({
      client_id: saved.json().data.client_id,
      ip_list: ['198.51.100.0/24'],
    });

    for (const res of [
      await put('sub@example.com', { enabled: false, method: 'IP', ip_list: [] }),
      await issue('sub@example.com'),
      await revoke('sub@example.com'),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect((await rowOf(t.fixtures.accounts.oem.id))?.enabled).toBe(true);
  });

  it("never shows one account's settings to another", async () => {
    const direct = (await getSettings('direct@example.com')).json().data;
    const oem = (await getSettings('oem@example.com')).json().data;
    expect(direct.client_id).not.toBe(oem.client_id);
    expect(oem.basic_id).toBeNull();
  });

  it('refuses without a session', async () => {
    const res = await t.app.inject({ url: '/api/api-settings' });
    expect(res.statusCode).toBe(401);
  });
});
