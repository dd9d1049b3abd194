import type { TMessageText } from '@swipe/contracts/messages';
import type { TPlanFlag } from '@swipe/contracts/plans';
import type { TActingRole } from '@swipe/contracts/roles';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { TConfig } from '../config';
import { API_CLIENT_SECURITY, type TApiClient } from './api-client';
import type { TAppContext, TCaller } from './context';

// One endpoint per file, each declaring its contract and ONE guard decision.

/** `max` may read the config, for limits an operator tunes by environment. */
export type TRateLimit = {
  max: number | ((config: TConfig) => number);
  timeWindow: string;
  /**
   * Counts a request that carries its own credential (a signed URL) per that credential instead of
   * per IP: `key` answers it (e.g. the signed upload's id), or null when the request has none valid,
   * which then counts per IP under `max`. A creator's batch of hundreds of signed uploads is never
   * refused, while each signed URL may only be used `perKey` times a window.
   */
  signed?: { key: (req: FastifyRequest, ctx: TAppContext) => string | null; perKey: number };
};

export type TGuard =
  | { public: true; rateLimit?: TRateLimit }
  /**
   * The read API (/api/v1): the account's own programs, authenticated by its API settings
   * (key, Basic or IP) instead of an operator's JWT; the handler gets `apiClient`.
   */
  | { apiClient: true; rateLimit?: TRateLimit }
  | {
      /** Acting roles allowed (a SUB_ADMIN acts as its parent's role); 'any' for every operator. */
      roles: readonly TActingRole[] | 'any';
      /** EDIT refuses callers with view authority. */
      authority: 'EDIT' | 'VIEW';
      /**
       * Only the account's own people, never a SUB_ADMIN: a sub-admin assists the holder but may
       * not take the holder's decisions about the account itself (closing it).
       */
      holderOnly?: true;
      /** The plan feature the caller's plan must include (plan flags gate features). */
      planFlag?: TPlanFlag;
      /** Reachable while the first-time password change is still pending. */
      allowPendingPasswordChange?: boolean;
      rateLimit?: TRateLimit;
    };

type TSchemaOrNever<S> = S extends z.ZodType ? z.output<S> : undefined;

/** A response's top-level `message` must come from `translate`: catalogue text, never a raw key. */
type TTranslatedMessage<T> = T extends object
  ? { [K in keyof T]: K extends 'message' ? TMessageText | Extract<T[K], undefined> : T[K] }
  : T;

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
  status?: 200 | 201 | 202;
  /**
   * Content types this route reads itself (an upload): the parser is registered for this route
   * only, and the handler gets what it hands over (e.g. a Buffer) as `req.body`. '*' stands for
   * every other type (list 'application/json' and 'text/plain' too to take those over).
   */
  bodyParsers?: { contentTypes: string[]; parse: TBodyParser }[];
  /** A larger JSON body than the global BODY_LIMIT_BYTES (a whole site document). */
  bodyLimit?: number;
  handler: (args: {
    req: FastifyRequest;
    reply: FastifyReply;
    ctx: TAppContext;
    body: TSchemaOrNever<B>;
    query: TSchemaOrNever<Q>;
    params: TSchemaOrNever<P>;
    /** Null on public routes when no valid token came along. */
    caller: G extends { public: true } ? TCaller | null : G extends { apiClient: true } ? null : TCaller;
    /** The authenticated API client on `{ apiClient: true }` routes, null elsewhere. */
    apiClient: G extends { apiClient: true } ? TApiClient : null;
  }) => Promise<TTranslatedMessage<z.input<R>>>;
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

/** Gets the app context too: a parser may refuse before reading (an upload URL's signature). */
export type TBodyParser = (
  req: FastifyRequest,
  payload: NodeJS.ReadableStream,
  ctx: TAppContext,
) => Promise<unknown>;

// biome-ignore lint/suspicious/noExplicitAny: a registry holds routes of every shape
export type TAnyRoute = TRouteDef<any, any, any, any, any>;

export function registerRoute(app: FastifyInstance, ctx: TAppContext, def: TAnyRoute) {
  const status = def.status ?? 200;
  const limit = def.guard.rateLimit;
  const rateLimit = limit && toRateLimitOptions(ctx, limit);
  if (def.bodyParsers?.length) {
    // Content-type parsers are scoped to a plugin context: one context per such route.
    app.register(async (scoped) => {
      for (const p of def.bodyParsers!)
        scoped.addContentTypeParser(p.contentTypes, (req: FastifyRequest, payload: NodeJS.ReadableStream) =>
          p.parse(req, payload, ctx),
        );
      addRoute(scoped, ctx, def, status, rateLimit);
    });
    return;
  }
  addRoute(app, ctx, def, status, rateLimit);
}

type TRouteRateLimit = {
  timeWindow: string;
  max: number | ((req: FastifyRequest, key: string) => number);
  keyGenerator?: (req: FastifyRequest) => string;
};

const SIGNED_KEY = 'signed:';

/** The route options of @fastify/rate-limit for a guard's limit. */
export function toRateLimitOptions(ctx: TAppContext, limit: TRateLimit): TRouteRateLimit {
  const perIp = typeof limit.max === 'function' ? limit.max(ctx.config) : limit.max;
  const signed = limit.signed;
  if (!signed) return { timeWindow: limit.timeWindow, max: perIp };
  return {
    timeWindow: limit.timeWindow,
    keyGenerator: (req) => {
      const key = signed.key(req, ctx);
      return key ? `${SIGNED_KEY}${key}` : req.ip;
    },
    max: (_req, key) => (key.startsWith(SIGNED_KEY) ? signed.perKey : perIp),
  };
}

function addRoute(
  app: FastifyInstance,
  ctx: TAppContext,
  def: TAnyRoute,
  status: number,
  rateLimit: TRouteRateLimit | undefined,
) {
  app.route({
    method: def.method,
    url: def.url,
    ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
    schema: {
      summary: def.summary,
      tags: def.tags,
      ...(def.body ? { body: def.body } : {}),
      ...(def.querystring ? { querystring: def.querystring } : {}),
      ...(def.params ? { params: def.params } : {}),
      response: { [status]: def.response },
      ...('public' in def.guard
        ? {}
        : { security: 'apiClient' in def.guard ? API_CLIENT_SECURITY : [{ bearerAuth: [] }] }),
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
        apiClient: req.apiClient as TApiClient,
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
