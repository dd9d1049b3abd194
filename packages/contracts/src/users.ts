import { z } from 'zod';
import { addMonths, monthsBetween } from './billing';
import { envelope, listEnvelope } from './envelope';
import { ZUiLanguage } from './i18n';
import { jstDay } from './jst-format';
import { type TAccountType, type TActingRole, ZAccountType, ZAuthority, ZContractStatus } from './roles';

// User list, user detail, create-user and update-user: users and their contracts.
// A row of the user list is an operator user (never a SUB_ADMIN, who lives in admin settings)
// together with its company account and the contract it works under.

/** Account types: OEM/EP master, OEM/EP admin, user (a company under an OEM), direct user. */
export const USER_KINDS = ['OEM_MASTER', 'OEM_ADMIN', 'USER', 'DIRECT_USER'] as const;
export const ZUserKind = z.enum(USER_KINDS);
export type TUserKind = z.infer<typeof ZUserKind>;

/** The `{type}` segment of /{prefix}/update-user/{type}/{id}. */
export const USER_KIND_SLUGS: Record<TUserKind, string> = {
  OEM_MASTER: 'oem-master',
  OEM_ADMIN: 'oem-admin',
  USER: 'user',
  DIRECT_USER: 'direct-user',
};

/** What a kind creates: a new child account (with its own contract) or a user in the parent account. */
export const KIND_ACCOUNT: Record<TUserKind, { accountType: TAccountType; newAccount: boolean }> = {
  OEM_MASTER: { accountType: 'OEM', newAccount: true },
  OEM_ADMIN: { accountType: 'OEM', newAccount: false },
  USER: { accountType: 'COMPANY', newAccount: true },
  DIRECT_USER: { accountType: 'DIRECT', newAccount: true },
};

/**
 * Who may create what, under which parent account (nobody creates above itself).
 * The console offers these kinds; the server refuses anything else with 403.
 */
export function creatableKinds(actingRole: TActingRole, parentAccountType: TAccountType): TUserKind[] {
  if (actingRole === 'MASTER' && parentAccountType === 'PLATFORM') return ['OEM_MASTER', 'DIRECT_USER'];
  if (actingRole === 'MASTER' && parentAccountType === 'OEM') return ['OEM_ADMIN', 'USER'];
  if (actingRole === 'OEM_MASTER' && parentAccountType === 'OEM') return ['OEM_ADMIN', 'USER'];
  if (actingRole === 'OEM_ADMIN' && parentAccountType === 'OEM') return ['USER'];
  return [];
}

/** Plan filter values; `oem` selects OEM/Enterprise accounts, the others a plan tier. */
export const USER_PLAN_FILTERS = ['trial', 'light', 'standard', 'premium', 'pro', 'oem'] as const;
export const USER_SORTS = ['createdAt', 'companyName', 'email', 'contractEnd', 'plan'] as const;

// A calendar date that exists (the regex alone lets 2026-02-30 through to the database).
const ZDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'common.invalidDate')
  .refine(
    (s) => !Number.isNaN(Date.parse(s)) && new Date(s).toISOString().slice(0, 10) === s,
    'common.invalidDate',
  );

export const ZUserListQuery = z.object({
  keyword: z.string().trim().max(256).optional(),
  plan: z.enum(USER_PLAN_FILTERS).optional(),
  status: ZContractStatus.optional(),
  kind: ZUserKind.optional(),
  sort: z.enum(USER_SORTS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TUserListQuery = z.infer<typeof ZUserListQuery>;
/** The same filters without paging, for GET /api/users/export. */
export const ZUserExportQuery = ZUserListQuery.omit({ page: true, pageSize: true });

export const ZContractSummary = z.object({
  id: z.string(),
  /** The account the contract belongs to: an OEM admin works under its OEM account's contract. */
  accountId: z.string(),
  status: ZContractStatus,
  startDate: z.string(),
  endDate: z.string(),
  planId: z.string(),
  planCode: z.string(),
  planName: z.string(),
  planTier: z.string(),
  planVersion: z.number().int(),
  /** The plan's monthly fee (yen, tax excluded): what each month of the minimum term costs. */
  planPrice: z.number().int(),
  licenseIssued: z.boolean(),
  pendingPlan: z.object({ planId: z.string(), planName: z.string(), from: z.string() }).nullable(),
});
export type TContractSummary = z.infer<typeof ZContractSummary>;

export const ZUserListItem = z.object({
  id: z.string(),
  kind: ZUserKind,
  email: z.string(),
  /** The contact person (the user's name). */
  contactName: z.string(),
  companyName: z.string(),
  accountId: z.string(),
  accountType: ZAccountType,
  parentAccountId: z.string().nullable(),
  parentAccountName: z.string().nullable(),
  authority: ZAuthority,
  contract: ZContractSummary.nullable(),
  createdAt: z.string(),
});
export type TUserListItem = z.infer<typeof ZUserListItem>;

export const CONTRACT_ACTIONS = ['SUSPEND', 'RESUME', 'TERMINATE'] as const;
export const ZContractAction = z.enum(CONTRACT_ACTIONS);
export type TContractAction = z.infer<typeof ZContractAction>;

export const ZUserDetail = ZUserListItem.extend({
  managerName: z.string().nullable(),
  logoEnabled: z.boolean(),
  /** True when the user's own account holds the contract (false for an OEM admin). */
  ownsContract: z.boolean(),
  /** The caller may edit this user (false when terminated, view-only, or not below the caller). */
  editable: z.boolean(),
  /** Contract transitions the caller may perform now (suspend, resume, terminate). */
  allowedActions: z.array(ZContractAction),
  lastLoginAt: z.string().nullable(),
});
export type TUserDetail = z.infer<typeof ZUserDetail>;

// GET /api/users
export const ZListUsersResponse = listEnvelope(ZUserListItem);
// GET /api/users/:id
export const ZGetUserResponse = envelope(ZUserDetail);

const ZName = z.string().trim().min(1, 'common.required').max(50, 'common.tooLong');
const ZEmail = z
  .string()
  .trim()
  .min(1, 'common.required')
  .max(256, 'common.tooLong')
  .pipe(z.email('common.invalidEmail'));
const ZOptionalName = z.string().trim().max(50, 'common.tooLong').optional().default('');

/** Contracts run at least 12 months; the end date is the last day of the term. */
export const CONTRACT_MINIMUM_MONTHS = 12;

/** The earliest allowed end date for a start date: start + 12 months - 1 day. */
export function minimumContractEnd(startDate: string): string {
  const d = new Date(`${startDate}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + CONTRACT_MINIMUM_MONTHS);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The bills a contract ended on `endedOn` (its JST date: terminated, or its account deleted) still
 * gets for the minimum term (12 months, no early cancellation). The month it ends in is billed as
 * usual (on the 1st of the next month); when the minimum term runs on past that month, the plan's
 * monthly fee keeps being billed, one bill a month on the 1st, for every month through the one the
 * term ends in (never past the contract's end date): `months` are those months, `total` their fees.
 */
export function minimumTermBills(
  contract: { startDate: string; endDate: string; planPrice: number },
  endedOn: string,
) {
  const minimumEnd = minimumContractEnd(contract.startDate);
  const lastDay = minimumEnd < contract.endDate ? minimumEnd : contract.endDate;
  const endedMonth = endedOn.slice(0, 7);
  const startMonth = contract.startDate.slice(0, 7);
  const from = addMonths(endedMonth < startMonth ? addMonths(startMonth, -1) : endedMonth, 1);
  const months = monthsBetween(from, lastDay.slice(0, 7));
  const lastMonth = months.at(-1) ?? null;
  return {
    minimumEnd,
    months,
    monthlyFee: contract.planPrice,
    total: months.length * contract.planPrice,
    /** The day the last of them is issued: the 1st after its month (JST). */
    lastIssuedOn: lastMonth ? `${addMonths(lastMonth, 1)}-01` : null,
  };
}

/** Today's date in Japan (YYYY-MM-DD): contract dates are JST dates. */
export const todayJst = (now = new Date()) => jstDay(now);

/** A contract that has ended (INACTIVE) or been terminated: its users are read-only for good. */
export const isClosedContract = (status: string | null | undefined) =>
  status === 'TERMINATED' || status === 'INACTIVE';

const contractRules = <T extends { contractStartDate?: string; contractEndDate?: string }>(
  v: T,
  ctx: z.RefinementCtx,
) => {
  // An end date lies after now (a contract that ended before it began makes no sense).
  if (v.contractEndDate && v.contractEndDate < todayJst()) {
    ctx.addIssue({ code: 'custom', path: ['contractEndDate'], message: 'users.contractEndPast' });
    return;
  }
  if (v.contractStartDate && v.contractEndDate && v.contractEndDate < minimumContractEnd(v.contractStartDate))
    ctx.addIssue({
      code: 'custom',
      path: ['contractEndDate'],
      message: 'users.contractMinimum',
      params: { min: CONTRACT_MINIMUM_MONTHS },
    });
};

// POST /api/users (the {id} of create-user/{id} is parentAccountId)
export const ZCreateUserBody = z
  .object({
    parentAccountId: z.uuid('common.notFound'),
    kind: ZUserKind,
    /** Required when the kind creates an account; an OEM admin joins the parent OEM account. */
    companyName: z.string().trim().max(50, 'common.tooLong').optional().default(''),
    email: ZEmail,
    contactName: ZName,
    managerName: ZOptionalName,
    authority: ZAuthority.default('EDIT'),
    /** Required when the kind creates an account (it gets its own contract). */
    planId: z.string().optional(),
    contractStartDate: ZDate.optional(),
    contractEndDate: ZDate.optional(),
    licenseIssued: z.boolean().default(false),
    logoEnabled: z.boolean().default(false),
    /** The language of the welcome mail and of the new user's console. */
    language: ZUiLanguage.default('ja'),
  })
  .superRefine((v, ctx) => {
    if (!KIND_ACCOUNT[v.kind].newAccount) return;
    if (!v.companyName) ctx.addIssue({ code: 'custom', path: ['companyName'], message: 'common.required' });
    if (!v.planId) ctx.addIssue({ code: 'custom', path: ['planId'], message: 'common.required' });
    if (!v.contractStartDate)
      ctx.addIssue({ code: 'custom', path: ['contractStartDate'], message: 'common.required' });
    if (!v.contractEndDate)
      ctx.addIssue({ code: 'custom', path: ['contractEndDate'], message: 'common.required' });
    contractRules(v, ctx);
  });
export type TCreateUserBody = z.input<typeof ZCreateUserBody>;
export type TCreateUserInput = z.output<typeof ZCreateUserBody>;
export const ZCreateUserResponse = envelope(ZUserDetail);

// PUT /api/users/:id — plan and status change through their own calls, never here.
export const ZUpdateUserBody = z
  .object({
    companyName: z.string().trim().max(50, 'common.tooLong').optional(),
    email: ZEmail,
    contactName: ZName,
    managerName: ZOptionalName,
    authority: ZAuthority,
    licenseIssued: z.boolean().optional(),
    logoEnabled: z.boolean().optional(),
    /** Extends (or shortens, down to the 12-month minimum) the contract of an account-owning user. */
    contractEndDate: ZDate.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.companyName !== undefined && !v.companyName)
      ctx.addIssue({ code: 'custom', path: ['companyName'], message: 'common.required' });
  });
export type TUpdateUserBody = z.input<typeof ZUpdateUserBody>;
export const ZUpdateUserResponse = envelope(ZUserDetail);

// POST /api/users/:id/contract/suspend | resume | terminate (no body): answers the new detail
// with a localized success message.
export const ZContractActionResponse = envelope(ZUserDetail);

// PUT /api/users/:id/contract/plan: the change waits for the first day of next month (JST).
export const ZChangePlanBody = z.object({ planId: z.string().min(1, 'common.required') });
// DELETE /api/users/:id/contract/plan cancels a pending change.
export const ZChangePlanResponse = envelope(ZUserDetail);

/** Contract edit history actions, shown with execution time, executor, process content. */
export const HISTORY_ACTIONS = [
  'USER_CREATED',
  'USER_IMPORTED',
  'USER_UPDATED',
  'CONTRACT_SUSPENDED',
  'CONTRACT_RESUMED',
  'CONTRACT_TERMINATED',
  'CONTRACT_ENDED',
  'PLAN_CHANGE_SCHEDULED',
  'PLAN_CHANGE_CANCELLED',
  'PLAN_CHANGED',
] as const;
export const ZHistoryAction = z.enum(HISTORY_ACTIONS);
export type THistoryAction = z.infer<typeof ZHistoryAction>;

export const ZHistoryChange = z.object({
  field: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});

export const ZContractHistoryItem = z.object({
  id: z.number().int(),
  executedAt: z.string(),
  /** Null when the system did it (the contract-end and plan-switch jobs). */
  executorName: z.string().nullable(),
  executorEmail: z.string().nullable(),
  action: ZHistoryAction,
  changes: z.array(ZHistoryChange),
});
export type TContractHistoryItem = z.infer<typeof ZContractHistoryItem>;

// GET /api/users/:id/history
export const ZUserHistoryQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const ZUserHistoryResponse = listEnvelope(ZContractHistoryItem);
