import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp, type TTestApp } from '../test/harness';
import { installGuard } from './guard';
import { installApiConventions } from './http';
import { defineRoute, registerRoute, type TGuard } from './route';

// The guard's decisions on a small app of probe routes, with the demo tenants' real tokens.
let t: TTestApp;
let probe: FastifyInstance;
const ok = z.object({ data: z.literal('ok') });
const GUARDS: Record<string, TGuard> = {
  'master-only': { roles: ['MASTER'], authority: 'VIEW' },
  'oem-edit': { roles: ['OEM_MASTER', 'OEM_ADMIN'], authority: 'EDIT' },
  'oem-view': { roles: ['OEM_MASTER', 'OEM_ADMIN'], authority: 'VIEW' },
  'seo-flag': { roles: 'any', authority: 'VIEW', planFlag: 'settingTagSeo' },
};

beforeAll(async () => {
  t = await startTestApp();
  probe = Fastify();
  installApiConventions(probe);
  installGuard(probe, t.ctx);
  for (const [name, guard] of Object.entries(GUARDS))
    registerRoute(
      probe,
      t.ctx,
      defineRoute({
        method: 'GET',
        url: `/api/probe/${name}`,
        summary: name,
        tags: [],
        guard,
        response: ok,
        handler: async () => ({ data: 'ok' as const }),
      }),
    );
  // A plain Fastify route under /api that declares no guard: it must not be let through.
  probe.get('/api/probe/unguarded', async () => ({ data: 'ok' }));
  await probe.ready();
});
afterAll(async () => {
  await probe?.close();
  await t?.close();
});

const call = async (email: string, name: string) =>
  (await probe.inject({ url: `/api/probe/${name}`, headers: t.bearer((await t.login(email)).access_token) }))
    .statusCode;

describe('guard', () => {
  it('refuses an /api route that declares no guard, signed in or not', async () => {
    expect((await probe.inject({ url: '/api/probe/unguarded' })).statusCode).toBe(403);
    const token = (await t.login('master@example.com')).access_token;
    expect((await probe.inject({ url: '/api/probe/unguarded', headers: t.bearer(token) })).statusCode).toBe(
      403,
    );
  });

  it('lets only the listed roles through', async () => {
    expect(await call('master@example.com', 'master-only')).toBe(200);
    expect(await call('oem@example.com', 'master-only')).toBe(403);
    expect(await call('direct@example.com', 'master-only')).toBe(403);
  });

  it('lets a SUB_ADMIN act as its parent role, but view authority cannot edit', async () => {
    expect(await call('sub@example.com', 'oem-view')).toBe(200);
    expect(await call('sub@example.com', 'oem-edit')).toBe(403);
    expect(await call('oem-admin@example.com', 'oem-edit')).toBe(200);
    expect(await call('user@example.com', 'oem-view')).toBe(403);
  });

  it('checks the plan flag of the nearest contract', async () => {
    expect(await call('user@example.com', 'seo-flag')).toBe(403); // Standard: no SEO tags
    expect(await call('direct@example.com', 'seo-flag')).toBe(200); // Premium
    expect(await call('oem-admin@example.com', 'seo-flag')).toBe(200); // the OEM account's Pro
    expect(await call('master@example.com', 'seo-flag')).toBe(200); // the platform is not plan-bound
    const res = await probe.inject({
      url: '/api/probe/seo-flag',
      headers: { ...t.bearer((await t.login('user@example.com')).access_token), 'accept-language': 'en' },
    });
    expect(res.json().code).toBe('PLAN_FEATURE_UNAVAILABLE');
  });

  it('refuses a signed-in user whose contract was terminated', async () => {
    const { contracts } = await import('../db/schema/plans');
    const { eq } = await import('drizzle-orm');
    const token = (await t.login('user@example.com')).access_token;
    await t.ctx.db
      .update(contracts)
      .set({ status: 'TERMINATED' })
      .where(eq(contracts.accountId, t.fixtures.accounts.company.id));
    const res = await probe.inject({ url: '/api/probe/seo-flag', headers: t.bearer(token) });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCESS_DISABLED');
    await expect(t.login('user@example.com')).rejects.toThrow(/403/);
  });
});
