import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createApiClientAuthenticator } from './api-client';
import { accessDisabled, contractSuspended, loadUserWithAccount, toCaller } from './caller';
import type { TAppContext } from './context';
import { AppError, forbidden, unauthenticated } from './errors';
import { mayUseFeature } from './plan-access';
import type { TGuard } from './route';

// Enforces each route's declared guard before its handler runs. The user is re-read on every
// request so that a terminated contract or a deleted user loses access at once.
export function installGuard(app: FastifyInstance, ctx: TAppContext) {
  app.decorateRequest('caller', null);
  app.decorateRequest('apiClient', null);
  const apiClients = createApiClientAuthenticator(ctx);
  // preValidation: who may call is decided before the body is judged, so a refused caller gets
  // 403 (not a 400 about its body) and learns nothing about the route's rules.
  app.addHook('preValidation', async (req, reply) => {
    const guard = req.routeOptions.config?.guard;
    if (!guard) {
      // Every /api route states who may call it; one that forgot is closed, not open.
      if (req.url.startsWith('/api/') && !req.is404) throw forbidden();
      return;
    }
    if ('apiClient' in guard) {
      // The read API never looks at operator tokens: only the account's API settings count.
      req.apiClient = await apiClients.authenticate(req, reply);
      return;
    }
    if ('public' in guard) {
      // Public routes still know who is calling when a valid token comes along.
      if (req.headers.authorization) req.caller = await authenticate(req, ctx).catch(() => null);
      return;
    }
    req.caller = await authenticate(req, ctx);
    check(guard, req);
    if (guard.authority === 'EDIT' && (await contractSuspended(ctx.db, req.caller.accountPath)))
      throw new AppError(403, 'CONTRACT_SUSPENDED', 'users.contractSuspended');
    if (guard.planFlag && !(await mayUseFeature(ctx.db, req.caller, guard.planFlag)))
      throw new AppError(403, 'PLAN_FEATURE_UNAVAILABLE', 'plan.featureUnavailable');
  });
}

async function authenticate(req: FastifyRequest, ctx: TAppContext) {
  const header = req.headers.authorization ?? '';
  const [scheme, token] = header.split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) throw unauthenticated();
  const claims = await ctx.tokens.verify(token);
  if (!claims) throw unauthenticated();
  const row = await loadUserWithAccount(ctx.db, { id: claims.sub });
  if (!row) throw unauthenticated();
  if (await accessDisabled(ctx.db, row.account.path))
    throw new AppError(403, 'ACCESS_DISABLED', 'auth.accessDisabled');
  return toCaller(row);
}

function check(guard: Extract<TGuard, { roles: unknown }>, req: FastifyRequest) {
  const caller = req.caller!;
  if (caller.mustChangePassword && !guard.allowPendingPasswordChange)
    throw new AppError(403, 'PASSWORD_CHANGE_REQUIRED', 'auth.mustChangePassword');
  if (guard.roles !== 'any' && !guard.roles.includes(caller.actingRole)) throw forbidden();
  if (guard.authority === 'EDIT' && caller.authority !== 'EDIT') throw forbidden();
  if (guard.holderOnly && caller.role === 'SUB_ADMIN') throw forbidden();
}
