import type { TPlanFlag } from '@swipe/contracts/plans';
import type { TActingRole } from '@swipe/contracts/roles';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { TConfig } from '../config';
import type { TAppContext, TCaller } from './context';

// DESIGN 3.1-3.3: one endpoint per file, each declaring its contract and ONE guard decision.

/** `max` may read the config, for limits an operator tunes by environment. */
export type TRateLimit = { max: number | ((config: TConfig) => number); timeWindow: string };

export type TGuard =
  | { public: true; rateLimit?: TRateLimit }
  | {
      /** Acting roles allowed (a SUB_ADMIN acts as its parent's role); 'any' for every operator. */
      roles: readonly TActingRole[] | 'any';
      /** EDIT refuses callers with view authority. */
      authority: 'EDIT' | 'VIEW';
      /** The plan feature the caller's plan must include (SPEC 6: plan flags gate features). */
      planFlag?: TPlanFlag;
      /** Reachable while the first-time password change is still pending. */
      allowPendingPasswordChange?: boolean;
      rateLimit?: TRateLimit;
    };

type TSchemaOrNever<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface TRouteDef<
  B extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  P extends z.ZodType | undefined,
  R extends z.ZodType,
  G extends TGuard = TGuard,
> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  summary: string;
  tags: string[];
  guard: G;
  body?: B;
  querystring?: Q;
  params?: P;
  response: R;
  status?: 200 | 201;
  handler: (args: {
    req: FastifyRequest;
    reply: FastifyReply;
    ctx: TAppContext;
    body: TSchemaOrNever<B>;
    query: TSchemaOrNever<Q>;
    params: TSchemaOrNever<P>;
    /** Null on public routes when no valid token came along. */
    caller: G extends { public: true } ? TCaller | null : TCaller;
  }) => Promise<z.input<R>>;
}

export const defineRoute = <
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
  G extends TGuard = TGuard,
>(
  def: TRouteDef<B, Q, P, R, G>,
) => def;

// biome-ignore lint/suspicious/noExplicitAny: a registry holds routes of every shape
export type TAnyRoute = TRouteDef<any, any, any, any, any>;

export function registerRoute(app: FastifyInstance, ctx: TAppContext, def: TAnyRoute) {
  const status = def.status ?? 200;
  const limit = def.guard.rateLimit;
  const rateLimit = limit && {
    timeWindow: limit.timeWindow,
    max: typeof limit.max === 'function' ? limit.max(ctx.config) : limit.max,
  };
  app.route({
    method: def.method,
    url: def.url,
    schema: {
      summary: def.summary,
      tags: def.tags,
      ...(def.body ? { body: def.body } : {}),
      ...(def.querystring ? { querystring: def.querystring } : {}),
      ...(def.params ? { params: def.params } : {}),
      response: { [status]: def.response },
      ...('public' in def.guard ? {} : { security: [{ bearerAuth: [] }] }),
    },
    config: { guard: def.guard, ...(rateLimit ? { rateLimit } : {}) },
    handler: async (req, reply) => {
      const result = await def.handler({
        req,
        reply,
        ctx,
        body: req.body as never,
        query: req.query as never,
        params: req.params as never,
        caller: req.caller as TCaller,
      });
      if (reply.statusCode === 200) reply.status(status);
      return result;
    },
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    guard?: TGuard;
  }
}
