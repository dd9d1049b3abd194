import type { TActingRole } from '@swipe/contracts/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from './harness';

// The role-by-route matrix. POLICY is the specification, written by hand: which acting roles may
// call each operator route and whether it needs edit authority. Every guarded route must appear
// in it, and every route is called by every kind of seeded operator: a role outside the policy,
// or view authority on an edit route, must get 403 FORBIDDEN; everyone else must get past the
// guard (ids are fresh random ones and bodies empty, so 400/404 are the usual answers and
// nothing changes).

const ALL = ['MASTER', 'MASTER_USER', 'OEM_MASTER', 'OEM_ADMIN', 'USER'] as const;
const STAFF = ['MASTER', 'OEM_MASTER', 'OEM_ADMIN'] as const;
const ACCOUNT_HOLDERS = ['MASTER_USER', 'OEM_MASTER', 'USER'] as const;
const CREATORS = ['MASTER_USER', 'OEM_MASTER', 'OEM_ADMIN', 'USER'] as const;
type TPolicy = { roles: readonly TActingRole[]; edit: boolean; holderOnly?: boolean };
const view = (roles: readonly TActingRole[]): TPolicy => ({ roles, edit: false });
const edit = (roles: readonly TActingRole[]): TPolicy => ({ roles, edit: true });
/** Not for sub-admins, whatever their authority. */
const holderOnly = (p: TPolicy): TPolicy => ({ ...p, holderOnly: true });

const POLICY: Record<string, TPolicy> = {
  // Signed-in person: own session, password and language (view authority suffices).
  'GET /api/auth/user-info': view(ALL),
  'POST /api/auth/change-password': view(ALL),
  'POST /api/auth/first-time-change-password': view(ALL),
  'PUT /api/auth/language': view(ALL),
  // Own profile picture: a personal setting like the password, not the account's data.
  'GET /api/profile/picture': view(ALL),
  'PUT /api/profile/picture': view(ALL),
  'DELETE /api/profile/picture': view(ALL),
  'GET /api/accounts/:id': view(ALL),
  // Account deletion: the holders of an account's contract, never their sub-admins.
  'GET /api/account/deletion': holderOnly(view(ACCOUNT_HOLDERS)),
  'DELETE /api/account': holderOnly(edit(ACCOUNT_HOLDERS)),
  // Admin settings and API access of one's own account.
  'GET /api/admins': view(ALL),
  'POST /api/admins': edit(ALL),
  'PUT /api/admins/:id': edit(ALL),
  'DELETE /api/admins/:id': edit(ALL),
  'GET /api/api-settings': view(ALL),
  'PUT /api/api-settings': edit(ALL),
  'POST /api/api-settings/key': edit(ALL),
  'DELETE /api/api-settings/key': edit(ALL),
  // Plans: everyone reads the catalogue and its own plan; only the platform edits it.
  'GET /api/plans': view(ALL),
  'GET /api/plans/:id': view(ALL),
  'GET /api/check-plan': view(ALL),
  'POST /api/plans': edit(['MASTER']),
  'PUT /api/plans/:id': edit(['MASTER']),
  'DELETE /api/plans/:id': edit(['MASTER']),
  // User list, contracts and CSV import: the platform and OEM staff, inside their trees.
  'GET /api/users': view(STAFF),
  'GET /api/users/export': view(STAFF),
  'GET /api/users/:id': view(STAFF),
  'GET /api/users/:id/history': view(STAFF),
  'POST /api/users': edit(STAFF),
  'PUT /api/users/:id': edit(STAFF),
  'POST /api/users/:id/contract/suspend': edit(STAFF),
  'POST /api/users/:id/contract/resume': edit(STAFF),
  'POST /api/users/:id/contract/terminate': edit(STAFF),
  'PUT /api/users/:id/contract/plan': edit(STAFF),
  'DELETE /api/users/:id/contract/plan': edit(STAFF),
  'GET /api/users/import/template': view(STAFF),
  'POST /api/users/import/preview': view(STAFF),
  'POST /api/users/import': edit(STAFF),
  // Sites: everyone sees the sites of its subtree; creators (not the platform) build them.
  'GET /api/site': view(ALL),
  'GET /api/site/export': view(ALL),
  'GET /api/site/:id': view(ALL),
  'POST /api/site': edit(CREATORS),
  'PUT /api/site/:id': edit(CREATORS),
  'DELETE /api/site/:id': edit(CREATORS),
  // A draft copy in the same account, within the plan: like creating a site.
  'POST /api/site/:id/duplicate': edit(CREATORS),
  // The editor's autosave and revision history: saving and restoring are edits, reading is seeing.
  'PUT /api/site/:id/draft': edit(CREATORS),
  'GET /api/site/:id/revisions': view(ALL),
  'POST /api/site/:id/revisions/:revision/restore': edit(CREATORS),
  // The starter sites of the create-site screen: whoever may create a site may look at them.
  'GET /api/site-templates': view(CREATORS),
  // The editor's preview pane: whoever may see a site may see its draft.
  'POST /api/site/:id/preview-link': view(ALL),
  // Visits per page of a site: whoever may see the site.
  'GET /api/site/:id/stats': view(ALL),
  // Effect measurement of a site in one's tree (the plan must include it: a 403 of its own).
  ...Object.fromEntries(
    ['overview', 'pages', 'creatives', 'rankings', 'heatmap', 'sources'].flatMap((name) => [
      [`GET /api/analysis/sites/:id/${name}`, view(ALL)],
      [`GET /api/analysis/sites/:id/${name}/export-csv`, view(ALL)],
    ]),
  ),
  // Preview sharing: everyone who sees a site sees who is invited; creators invite and revoke.
  'GET /api/preview/site/:id/share': view(ALL),
  'GET /api/preview/site/:id/share/status': view(ALL),
  'POST /api/preview/site/:id/share': edit(CREATORS),
  'PUT /api/preview/site/:id/share/revoke': edit(CREATORS),
  'POST /api/preview/site/:id/share/set-password': edit(CREATORS),
  // Surveys of a site: whoever sees the site sees them and their answers; creators build them.
  'GET /api/site/:id/surveys': view(ALL),
  'POST /api/site/:id/surveys': edit(CREATORS),
  'GET /api/surveys/:id': view(ALL),
  'PUT /api/surveys/:id': edit(CREATORS),
  'DELETE /api/surveys/:id': edit(CREATORS),
  'GET /api/surveys/:id/responses': view(ALL),
  'GET /api/surveys/:id/responses/export-csv': view(ALL),
  // Members, contacts and homepage forms of a site: whoever sees the site; creators delete members.
  'GET /api/site-member/:id': view(ALL),
  'GET /api/site-member/:id/export-csv': view(ALL),
  'DELETE /api/site-member/:id/:memberId': edit(CREATORS),
  'GET /api/site-contact/:id': view(ALL),
  'GET /api/site-contact/:id/export-csv': view(ALL),
  'GET /api/site-form/:id': view(ALL),
  'GET /api/site-form/:id/export-csv': view(ALL),
  // Campaigns of a site: whoever sees the site sees them; creators design them.
  // Review comments on a site's preview: whoever sees the site reads them; creators answer.
  'GET /api/site/:id/comments': view(ALL),
  'POST /api/site/:id/comments/:commentId/replies': edit(CREATORS),
  'PUT /api/site/:id/comments/:commentId/resolve': edit(CREATORS),
  // Experiments (A/B variations) of a site: whoever sees the site sees them; creators run them.
  'GET /api/site/:id/experiments': view(ALL),
  'GET /api/site/:id/experiments/base': view(ALL),
  'POST /api/site/:id/experiments': edit(CREATORS),
  'PATCH /api/site/:id/experiments/:experimentId': edit(CREATORS),
  'DELETE /api/site/:id/experiments/:experimentId': edit(CREATORS),
  'POST /api/site/:id/experiments/:experimentId/variations': edit(CREATORS),
  'PUT /api/site/:id/experiments/:experimentId/variations/:variationId': edit(CREATORS),
  'DELETE /api/site/:id/experiments/:experimentId/variations/:variationId': edit(CREATORS),
  'POST /api/site/:id/experiments/:experimentId/start': edit(CREATORS),
  'POST /api/site/:id/experiments/:experimentId/stop': edit(CREATORS),
  'POST /api/site/:id/experiments/:experimentId/winner': edit(CREATORS),
  // Conversion webhooks of a site: whoever sees the site sees them and their log; creators write.
  'GET /api/site/:id/webhooks': view(ALL),
  'POST /api/site/:id/webhooks': edit(CREATORS),
  'PATCH /api/site/:id/webhooks/:webhookId': edit(CREATORS),
  'DELETE /api/site/:id/webhooks/:webhookId': edit(CREATORS),
  'POST /api/site/:id/webhooks/:webhookId/test': edit(CREATORS),
  'GET /api/site/:id/webhooks/:webhookId/deliveries': view(ALL),
  'GET /api/site/:id/campaigns': view(ALL),
  'POST /api/site/:id/campaigns': edit(CREATORS),
  'GET /api/campaign/:id': view(ALL),
  'PUT /api/campaign/:id': edit(CREATORS),
  'DELETE /api/campaign/:id': edit(CREATORS),
  // Communications: platform staff write latest information for their subtree's sites; a site's
  // creators deliver notifications to its visitors; MASTER writes system notifications, every
  // operator reads and marks those addressed to its role.
  'GET /api/latest-information': view(STAFF),
  'GET /api/latest-information/sites': view(STAFF),
  'POST /api/latest-information': edit(STAFF),
  'GET /api/latest-information/:id': view(STAFF),
  'PUT /api/latest-information/:id': edit(STAFF),
  'DELETE /api/latest-information/:id': edit(STAFF),
  'POST /api/communications/generate-urls': edit(STAFF),
  'GET /api/site/:id/notification-deliveries': view(ALL),
  'POST /api/site/:id/notification-deliveries': edit(CREATORS),
  'GET /api/notification-delivery/:id': view(ALL),
  'PUT /api/notification-delivery/:id': edit(CREATORS),
  'DELETE /api/notification-delivery/:id': edit(CREATORS),
  'GET /api/system_noti': view(ALL),
  'GET /api/system_noti/show': view(ALL),
  'PUT /api/system_noti/mark_as_read': view(ALL),
  'POST /api/system_noti': edit(['MASTER']),
  'GET /api/system_noti/:id': view(ALL),
  'PUT /api/system_noti/:id': edit(['MASTER']),
  'DELETE /api/system_noti/:id': edit(['MASTER']),
  // Billing: everyone sees the bills of its tree (a customer its own); the platform alone moves
  // them by hand and keeps the settings; the contract holders and their admins pay and keep cards.
  'GET /api/bills': view(ALL),
  // The caller's own account's failed or overdue bills: whoever may pay them.
  'GET /api/bills/outstanding': view(CREATORS),
  'GET /api/bills/export-csv': view(ALL),
  'GET /api/bills/:id': view(ALL),
  'GET /api/bills/:id/invoice': view(ALL),
  'POST /api/bills/:id/mark-paid': edit(['MASTER']),
  'POST /api/bills/:id/force-complete': edit(['MASTER']),
  'POST /api/bills/:id/void': edit(['MASTER']),
  'POST /api/bills/:id/pay': edit(CREATORS),
  'GET /api/billing/cards': view(CREATORS),
  'POST /api/billing/cards/setup': edit(CREATORS),
  'POST /api/billing/test-cards': edit(CREATORS),
  'POST /api/billing/cards': edit(CREATORS),
  'DELETE /api/billing/cards/:id': edit(CREATORS),
  'POST /api/billing/cards/:id/default': edit(CREATORS),
  'PUT /api/billing/method': edit(CREATORS),
  'GET /api/billing/settings': view(['MASTER']),
  'PUT /api/billing/settings': edit(['MASTER']),
  'POST /api/billing/run': edit(['MASTER']),
  // The summary dashboard: the platform and OEM staff, over their trees.
  'GET /api/dashboard/summary': view(STAFF),
  // Creative uploads: signed URLs for the site editor (the PUT itself is public: signed).
  'POST /api/site/generate-urls': edit(CREATORS),
  'POST /api/site/generate-zip-url': edit(CREATORS),
};

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const CALLERS: { email: string; acting: TActingRole; view: boolean; sub?: boolean }[] = [
  { email: 'master@example.com', acting: 'MASTER', view: false },
  { email: 'oem@example.com', acting: 'OEM_MASTER', view: false },
  { email: 'oem-admin@example.com', acting: 'OEM_ADMIN', view: false },
  { email: 'sub@example.com', acting: 'OEM_MASTER', view: true, sub: true },
  { email: 'sub-direct@example.com', acting: 'MASTER_USER', view: false, sub: true },
  { email: 'user@example.com', acting: 'USER', view: false },
  { email: 'direct@example.com', acting: 'MASTER_USER', view: false },
];

const operatorRoutes = () =>
  t.routeTable.filter(
    (r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && r.guard && 'roles' in r.guard,
  );

describe('role-by-route matrix', () => {
  it('has a policy for every operator route, and each route declares exactly that policy', () => {
    const declared = Object.fromEntries(
      operatorRoutes().map((r) => {
        const guard = r.guard as {
          roles: readonly TActingRole[] | 'any';
          authority: 'EDIT' | 'VIEW';
          holderOnly?: true;
        };
        const roles = guard.roles === 'any' ? [...ALL] : [...guard.roles];
        return [
          `${r.method} ${r.url}`,
          { roles: roles.sort(), edit: guard.authority === 'EDIT', holderOnly: !!guard.holderOnly },
        ];
      }),
    );
    const expected = Object.fromEntries(
      Object.entries(POLICY).map(([k, p]) => [
        k,
        { roles: [...p.roles].sort(), edit: p.edit, holderOnly: !!p.holderOnly },
      ]),
    );
    expect(declared).toEqual(expected);
  });

  // About a thousand calls (every operator route as each of seven callers): minutes on a busy machine.
  it(
    'refuses exactly the roles and authorities the policy does not allow',
    { timeout: 240_000 },
    async () => {
      const tokens = new Map<string, string>();
      for (const c of CALLERS) tokens.set(c.email, (await t.login(c.email)).access_token);
      const routes = operatorRoutes();
      expect(routes.length).toBe(Object.keys(POLICY).length);
      const failures: string[] = [];
      for (const r of routes) {
        const policy = POLICY[`${r.method} ${r.url}`]!;
        for (const c of CALLERS) {
          const allowed =
            policy.roles.includes(c.acting) && !(policy.edit && c.view) && !(policy.holderOnly && c.sub);
          const res = await t.app.inject({
            method: r.method as 'GET',
            url: r.url.replace(/:[a-zA-Z]+/g, crypto.randomUUID()),
            headers: t.bearer(tokens.get(c.email)!),
            ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }),
          });
          const forbidden = res.statusCode === 403 && res.json().code === 'FORBIDDEN';
          if (allowed === forbidden)
            failures.push(`${r.method} ${r.url} as ${c.email}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
      expect(failures).toEqual([]);
    },
  );
});
