import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinOldPlanVersion } from '../modules/plans/plan-fixtures';
import { startTestApp, type TTestApp } from './harness';

// DESIGN 3.6: two tenants, and every id of one is tried with every verb by the other.
// Each later issue adds the ids of its own resources to OWNED_IDS; a route with a path
// parameter that has no entry here fails the suite.

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

type TFixtures = TTestApp['fixtures'];
/**
 * For each path parameter pattern, the id owned by tenant A (the OEM tree) and by tenant B (the
 * direct account), and for writes a valid body per verb, so a refusal proves tenancy rather
 * than a validation error.
 */
type TOwned = { a: string; b: string; bodies?: Partial<Record<'POST' | 'PUT' | 'PATCH' | 'DELETE', object>> };
const OWNED_IDS: Record<string, (f: TFixtures) => TOwned | Promise<TOwned>> = {
  // The plan catalogue is everyone's; a tenant owns the superseded version its contract keeps.
  '/api/plans/:id': async (f) => ({
    a: await pinOldPlanVersion(t.database.db, f.accounts.company.id),
    b: await pinOldPlanVersion(t.database.db, f.accounts.direct.id),
    bodies: {
      PUT: {
        name: 'Cross',
        price: 1,
        quantity_swipe: 1,
        quantity_site: 1,
        limit_access: 1,
        limit_access_price: 1,
      },
    },
  }),
  '/api/accounts/:id': (f) => ({ a: f.accounts.company.id, b: f.accounts.direct.id }),
  '/api/users/:id': (f) => ({
    a: f.users.user.id,
    b: f.users.directUser.id,
    bodies: {
      PUT: { email: 'cross-tenant-user@example.com', contact_name: 'Cross Tenant', authority: 'EDIT' },
    },
  }),
  '/api/users/:id/history': (f) => ({ a: f.users.user.id, b: f.users.directUser.id }),
  '/api/users/:id/contract/suspend': (f) => ({ a: f.users.user.id, b: f.users.directUser.id }),
  '/api/users/:id/contract/resume': (f) => ({ a: f.users.user.id, b: f.users.directUser.id }),
  '/api/users/:id/contract/terminate': (f) => ({ a: f.users.user.id, b: f.users.directUser.id }),
  '/api/users/:id/contract/plan': (f) => ({
    a: f.users.user.id,
    b: f.users.directUser.id,
    bodies: { PUT: { plan_id: f.plans.premium!.id } },
  }),
  '/api/admins/:id': (f) => ({
    a: f.users.sub.id,
    b: f.users.directSub.id,
    bodies: {
      PUT: {
        name: 'Cross Tenant',
        email: 'cross-tenant@example.com',
        admin_role_label: 'EDITOR',
        authority: 'VIEW',
      },
    },
  }),
};

const fill = (url: string, id: string) => url.replace(/:[a-zA-Z]+/g, id);

describe('cross-tenant access', () => {
  it('has an owned-id fixture for every route with a path parameter', () => {
    const parameterised = new Set(
      t.routeTable
        .filter((r) => r.url.startsWith('/api/') && r.url.includes(':') && r.guard && !('public' in r.guard))
        .map((r) => r.url),
    );
    expect([...parameterised].filter((u) => !OWNED_IDS[u])).toEqual([]);
  });

  it('answers 404 to tenant B for every id of tenant A, and back, with every verb', async () => {
    const a = await t.login('oem@example.com');
    const b = await t.login('direct@example.com');
    const routes = t.routeTable.filter((r) => OWNED_IDS[r.url] && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(0);
    for (const r of routes) {
      const ids = await OWNED_IDS[r.url]!(t.fixtures);
      for (const [token, foreignId] of [
        [a.access_token, ids.b],
        [b.access_token, ids.a],
      ] as const) {
        const res = await t.app.inject({
          method: r.method as 'GET',
          url: fill(r.url, foreignId),
          headers: t.bearer(token),
          ...(r.method === 'GET'
            ? {}
            : { payload: ids.bodies?.[r.method as 'POST'] ?? (r.method === 'DELETE' ? undefined : {}) }),
        });
        expect([403, 404], `${r.method} ${r.url} as other tenant`).toContain(res.statusCode);
      }
      // The owner can reach its own id (proves the 404 above is about tenancy, not a broken route).
      if (r.method === 'GET') {
        const own = await t.app.inject({ url: fill(r.url, ids.a), headers: t.bearer(a.access_token) });
        expect(own.statusCode, `${r.url} as owner`).toBe(200);
      }
    }
  });

  it('limits each caller to its own subtree', async () => {
    const { accounts } = t.fixtures;
    const see = async (email: string, accountId: string) =>
      (
        await t.app.inject({
          url: `/api/accounts/${accountId}`,
          headers: t.bearer((await t.login(email)).access_token),
        })
      ).statusCode;
    expect(await see('master@example.com', accounts.company.id)).toBe(200);
    expect(await see('master@example.com', accounts.direct.id)).toBe(200);
    expect(await see('oem@example.com', accounts.oem.id)).toBe(200);
    expect(await see('oem@example.com', accounts.company.id)).toBe(200);
    expect(await see('sub@example.com', accounts.company.id)).toBe(200);
    expect(await see('oem@example.com', accounts.platform.id)).toBe(404);
    expect(await see('user@example.com', accounts.oem.id)).toBe(404);
    expect(await see('user@example.com', accounts.company.id)).toBe(200);
    expect(await see('direct@example.com', accounts.oem.id)).toBe(404);
    expect(await see('direct@example.com', 'not-a-uuid')).toBe(404);
  });
});
