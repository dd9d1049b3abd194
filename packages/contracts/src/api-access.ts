import { z } from 'zod';
import { envelope, listEnvelope } from './envelope';
import { isTooBroadRange, parseIpRange } from './ip-address';
import { checkPassword, OPERATOR_PASSWORD } from './password';
import { PLAN_FLAGS, type TPlanFlag } from './plans';
import { ZAccountType, ZContractStatus } from './roles';

// API settings and their dialog: how an account's own programs reach the
// read API under /api/v1, and that API's answers.

/** How a program proves itself: IP restriction, Basic auth or an API key. */
export const API_AUTH_METHODS = ['IP', 'BASIC', 'API_KEY'] as const;
export const ZApiAuthMethod = z.enum(API_AUTH_METHODS);
export type TApiAuthMethod = z.infer<typeof ZApiAuthMethod>;

export const API_IP_LIST_MAX = 50;
export const BASIC_ID_RE = /^[A-Za-z0-9._-]{3,64}$/;

export const ZApiKeyInfo = z.object({
  /** The non-secret part shown to tell keys apart: `slp_<prefix>_…`. */
  prefix: z.string(),
  issuedAt: z.string(),
});

/** The settings as the console shows them: never a key, a password or any hash. */
export const ZApiSettings = z.object({
  /** False until the first save (or key issue) creates the settings. */
  configured: z.boolean(),
  enabled: z.boolean(),
  method: ZApiAuthMethod,
  /** Sent as X-Api-Client in IP-restriction mode; not a secret. Null before the first save. */
  clientId: z.string().nullable(),
  ipList: z.array(z.string()),
  basicId: z.string().nullable(),
  hasBasicPassword: z.boolean(),
  key: ZApiKeyInfo.nullable(),
  /** Where the read API answers, e.g. https://example.com/api/v1. */
  baseUrl: z.string(),
  updatedAt: z.string().nullable(),
});
export type TApiSettings = z.infer<typeof ZApiSettings>;

/**
 * PUT /api/api-settings. Only the chosen method's fields are read and saved (the others keep
 * their stored values). What a method needs (an IP, an ID and password, a key) is required
 * once the API is enabled; formats are checked always. An empty Basic password keeps the
 * stored one; whether one is stored, and whether a key exists, only the server knows.
 */
export const ZUpdateApiSettingsRequest = z
  .object({
    enabled: z.boolean({ error: 'common.required' }),
    method: ZApiAuthMethod,
    ipList: z.array(z.string().trim()).max(API_IP_LIST_MAX, 'apiAccess.ipTooMany').default([]),
    basicId: z.string().trim().max(64, 'apiAccess.basicIdInvalid').default(''),
    basicPassword: z.string().max(256, 'common.tooLong').default(''),
  })
  .superRefine((v, ctx) => {
    if (v.method === 'IP') {
      const seen = new Set<string>();
      v.ipList.forEach((ip, i) => {
        const path = ['ipList', i];
        if (!ip) ctx.addIssue({ code: 'custom', path, message: 'common.required' });
        else if (!parseIpRange(ip)) ctx.addIssue({ code: 'custom', path, message: 'apiAccess.ipInvalid' });
        else if (isTooBroadRange(parseIpRange(ip)!))
          ctx.addIssue({ code: 'custom', path, message: 'apiAccess.ipTooBroad' });
        else if (seen.has(ip.toLowerCase()))
          ctx.addIssue({ code: 'custom', path, message: 'apiAccess.ipDuplicate' });
        seen.add(ip.toLowerCase());
      });
      if (v.enabled && v.ipList.length === 0)
        ctx.addIssue({ code: 'custom', path: ['ipList'], message: 'apiAccess.ipRequired' });
    }
    if (v.method === 'BASIC') {
      if (!v.basicId) {
        if (v.enabled)
          ctx.addIssue({ code: 'custom', path: ['basicId'], message: 'apiAccess.basicIdRequired' });
      } else if (!BASIC_ID_RE.test(v.basicId))
        ctx.addIssue({ code: 'custom', path: ['basicId'], message: 'apiAccess.basicIdInvalid' });
      const broken = v.basicPassword ? checkPassword(v.basicPassword, OPERATOR_PASSWORD) : null;
      if (broken)
        ctx.addIssue({
          code: 'custom',
          path: ['basicPassword'],
          message: broken,
          params: { min: OPERATOR_PASSWORD.min, max: OPERATOR_PASSWORD.max },
        });
    }
  });
export type TUpdateApiSettingsRequest = z.input<typeof ZUpdateApiSettingsRequest>;

// GET and PUT /api/api-settings, DELETE /api/api-settings/key
export const ZApiSettingsResponse = envelope(ZApiSettings);

// POST /api/api-settings/key: the full key, in this answer only.
export const ZIssueApiKeyResponse = envelope(z.object({ key: z.string(), settings: ZApiSettings }));

// ---- The read API (/api/v1) ----

export const ZApiV1Plan = z.object({
  code: z.string(),
  name: z.string(),
  version: z.number().int(),
  limits: z.object({
    /** Pages (swipe creatives) per site. */
    quantitySwipe: z.number().int(),
    quantitySite: z.number().int(),
    /** Monthly page views included before extra charges. */
    limitAccess: z.number().int(),
  }),
  features: z.object(
    Object.fromEntries(PLAN_FLAGS.map((f) => [f, z.boolean()])) as Record<TPlanFlag, z.ZodBoolean>,
  ),
});

export const ZApiV1Contract = z.object({
  status: ZContractStatus,
  startDate: z.string(),
  endDate: z.string(),
  plan: ZApiV1Plan,
});

// GET /api/v1/account: the account the credentials belong to.
export const ZApiV1Account = z.object({
  id: z.string(),
  name: z.string(),
  type: ZAccountType,
  contract: ZApiV1Contract.nullable(),
});
export const ZApiV1AccountResponse = envelope(ZApiV1Account);

// GET /api/v1/users: the customer accounts below the caller's account.
export const ZApiV1UsersQuery = z.object({
  status: ZContractStatus.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const ZApiV1User = z.object({
  id: z.string(),
  name: z.string(),
  type: ZAccountType,
  parentId: z.string().nullable(),
  contract: z
    .object({
      status: ZContractStatus,
      startDate: z.string(),
      endDate: z.string(),
      planCode: z.string(),
      planName: z.string(),
    })
    .nullable(),
  createdAt: z.string(),
});
export const ZApiV1UsersResponse = listEnvelope(ZApiV1User);
