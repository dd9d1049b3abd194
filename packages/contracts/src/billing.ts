import { z } from 'zod';
import { envelope, listEnvelope } from './envelope';

// Billing (payments and invoices, their statuses and the fees). On the 1st of
// each month (JST) every contract is billed for the month before: the plan fee of the plan
// version it held, the page-view fee beyond the plan's limit, the license fee where license
// issuance is granted, the one-time initial creative fee on its first bill, and 10 %
// consumption tax per invoice, rounded down to the yen. All amounts are whole yen.

export const CONSUMPTION_TAX_RATE = 0.1;
/** The initial creative fee, excluding tax, billed once on a contract's first bill. */
export const INITIAL_CREATIVE_FEE = 100_000;
/** Page views are charged per started block of this many beyond the plan's limit. */
export const PV_BLOCK = 1_000;

export const BILL_STATUSES = ['UNPAID', 'PROCESSING', 'PAID', 'FAILED', 'VOID', 'COMPLETED'] as const;
export const ZBillStatus = z.enum(BILL_STATUSES);
export type TBillStatus = z.infer<typeof ZBillStatus>;

export const PAYMENT_METHODS = ['CARD', 'BANK_TRANSFER'] as const;
export const ZPaymentMethod = z.enum(PAYMENT_METHODS);
export type TPaymentMethod = z.infer<typeof ZPaymentMethod>;

/** Why a bill moves: who may ask for it is decided by the server (MASTER for the manual ones). */
export const BILL_MOVES = [
  'CHARGE',
  'SUCCEED',
  'FAIL',
  'RETRY',
  'MARK_PAID',
  'FORCE_COMPLETE',
  'VOID',
] as const;
export type TBillMove = (typeof BILL_MOVES)[number];

/** The only moves a bill's status may make; any other answers 409 and changes nothing. */
export const BILL_TRANSITIONS: Record<TBillMove, { from: readonly TBillStatus[]; to: TBillStatus }> = {
  CHARGE: { from: ['UNPAID'], to: 'PROCESSING' },
  SUCCEED: { from: ['PROCESSING'], to: 'PAID' },
  FAIL: { from: ['PROCESSING'], to: 'FAILED' },
  RETRY: { from: ['FAILED'], to: 'PROCESSING' },
  MARK_PAID: { from: ['UNPAID', 'FAILED'], to: 'PAID' },
  FORCE_COMPLETE: { from: ['UNPAID'], to: 'COMPLETED' },
  VOID: { from: ['UNPAID'], to: 'VOID' },
};

export const canMove = (status: TBillStatus, move: TBillMove) => BILL_TRANSITIONS[move].from.includes(status);

/** `ceil(max(0, views - limit) / 1000) x price per 1000`: nothing up to the limit, then per started block. */
export const pageViewFee = (views: number, limit: number, pricePerBlock: number) =>
  Math.ceil(Math.max(0, views - limit) / PV_BLOCK) * pricePerBlock;

/** Consumption tax on an invoice's subtotal, rounded down to the yen. */
export const consumptionTax = (subtotal: number) => Math.floor((subtotal * 10) / 100);

/** Months are 'YYYY-MM'. */
export const ZMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'billing.monthInvalid');

export const ZBillLine = z.object({
  kind: z.enum(['PLAN', 'PAGE_VIEWS', 'LICENSE', 'INITIAL_CREATIVE']),
  amount: z.number().int(),
});

export const ZBill = z.object({
  id: z.string(),
  number: z.string(),
  accountId: z.string(),
  accountName: z.string(),
  /** 'YYYY-MM': the month billed. */
  month: z.string(),
  planName: z.string(),
  planVersion: z.number().int(),
  blocksUsed: z.number().int(),
  pageViews: z.number().int(),
  pageViewLimit: z.number().int(),
  planFee: z.number().int(),
  pageViewFee: z.number().int(),
  licenseFee: z.number().int(),
  initialFee: z.number().int(),
  subtotal: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  method: ZPaymentMethod,
  status: ZBillStatus,
  issuedAt: z.string(),
  dueDate: z.string(),
  paidAt: z.string().nullable(),
  /** The last charge's failure, in the provider's words (a declined card). */
  failureMessage: z.string().nullable(),
  /** The same failure as the provider's code: people read its text (bill-payment.ts paymentFailureKey). */
  failureCode: z.string().nullable(),
  /** Whether the payment provider that charged (or will charge) it is the test-mode one. */
  testMode: z.boolean(),
});
export type TBill = z.infer<typeof ZBill>;

export const ZBillEvent = z.object({
  at: z.string(),
  fromStatus: ZBillStatus.nullable(),
  toStatus: ZBillStatus,
  /** Who moved it; null for the monthly run, a charge or the provider's webhook. */
  actor: z.string().nullable(),
  source: z.enum(['RUN', 'USER', 'CHARGE', 'WEBHOOK']),
  /** The operator's note, a refused webhook's cause, or a failed charge's words from the provider. */
  reason: z.string().nullable(),
  /** A failed charge's provider code, which the console reads out in the UI language. */
  failureCode: z.string().nullable(),
});

export const ZBillDetail = ZBill.extend({ events: z.array(ZBillEvent) });
export type TBillDetail = z.infer<typeof ZBillDetail>;

export const ZBillListQuery = z.object({
  month: ZMonth.optional(),
  status: ZBillStatus.optional(),
  method: ZPaymentMethod.optional(),
  /** An account in the caller's subtree (its id). */
  accountId: z.uuid().optional(),
  keyword: z.string().trim().max(256).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TBillListQuery = z.infer<typeof ZBillListQuery>;
export const ZBillExportQuery = ZBillListQuery.omit({ page: true, pageSize: true });

export const ZBillListResponse = listEnvelope(ZBill);
export const ZBillResponse = envelope(ZBillDetail);

export const ZForceCompleteBody = z.object({
  reason: z.string().trim().min(1, 'common.required').max(500),
});
export const ZBillActionBody = z.object({ reason: z.string().trim().max(500).optional() });

// --- cards ------------------------------------------------------------------------------------

export const ZPaymentCard = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  isDefault: z.boolean(),
});
export type TPaymentCard = z.infer<typeof ZPaymentCard>;

/**
 * What the console needs to add a card: with Stripe, a SetupIntent's client secret and the
 * publishable key (the card goes from the browser to Stripe, never to us); in test mode, the
 * address of the test provider's tokenizer.
 */
export const ZCardSetup = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('STRIPE'), publishableKey: z.string(), clientSecret: z.string() }),
  z.object({ provider: z.literal('TEST') }),
]);
export type TCardSetup = z.infer<typeof ZCardSetup>;

export const ZCardsResponse = envelope(
  z.object({ cards: z.array(ZPaymentCard), testMode: z.boolean(), method: ZPaymentMethod }),
);

/** Adds a card: a Stripe PaymentMethod id, or a test-mode token. */
export const ZAddCardBody = z.object({ token: z.string().min(1, 'billing.cardRequired').max(512) });

/** Test mode only: the card form's fields, sent to the test provider's tokenizer (never stored). */
export const ZTestCardBody = z.object({
  number: z
    .string()
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'billing.cardNumberInvalid')),
  expMonth: z.coerce.number().int().min(1, 'billing.cardExpiryInvalid').max(12, 'billing.cardExpiryInvalid'),
  expYear: z.coerce
    .number()
    .int()
    .min(2000, 'billing.cardExpiryInvalid')
    .max(2100, 'billing.cardExpiryInvalid'),
  cvc: z.string().regex(/^\d{3,4}$/, 'billing.cardCvcInvalid'),
});
export const ZTestCardTokenResponse = envelope(z.object({ token: z.string() }));

export const ZPaymentMethodBody = z.object({ method: ZPaymentMethod });

// --- settings ----------------------------------------------------------------------------------

/** Japan's qualified-invoice issuer registration number: T and 13 digits. */
export const REGISTRATION_NUMBER = /^T\d{13}$/;

/**
 * Whether a qualified-invoice registration number is well formed: T and a 13-digit number whose
 * first digit (1-9) is the check digit of the other twelve, 9 - (sum of each digit times 1 or 2,
 * alternating from the last, mod 9), as for a corporate number (法人番号).
 */
export function isRegistrationNumber(value: string) {
  if (!/^T[1-9]\d{12}$/.test(value)) return false;
  const base = value.slice(2);
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(base[11 - i]) * (i % 2 === 0 ? 1 : 2);
  return Number(value[1]) === 9 - (sum % 9);
}

/** Japanese bank account kinds: 普通 (ordinary), 当座 (checking), 貯蓄 (savings). */
export const BANK_ACCOUNT_TYPES = ['ORDINARY', 'CHECKING', 'SAVINGS'] as const;
export const ZBankAccountType = z.enum(BANK_ACCOUNT_TYPES);
export type TBankAccountType = z.infer<typeof ZBankAccountType>;

const required = (max: number) => z.string().trim().min(1, 'common.required').max(max, 'common.tooLong');

export const ZBillingSettings = z.object({
  issuerName: required(256),
  issuerAddress: z.string().trim().max(512),
  registrationNumber: z
    .string()
    .trim()
    .refine(isRegistrationNumber, { message: 'billing.registrationNumberInvalid' }),
  /** Monthly fee (yen, excluding tax) for license issuance where a contract has it granted. */
  licenseFee: z.number().int().min(0).max(10_000_000),
  /** The account bank-transfer bills are paid to, printed on every invoice. */
  bankName: required(128),
  bankBranch: required(128),
  bankAccountType: ZBankAccountType,
  /** Seven digits, as Japanese transfers write it (shorter numbers padded with zeros). */
  bankAccountNumber: z
    .string()
    .trim()
    .regex(/^\d{7}$/, 'billing.bankAccountNumberInvalid'),
  /** The account holder's name as the bank has it (usually katakana). */
  bankAccountHolder: required(128),
  notes: z.string().trim().max(1000),
  /** Days from the invoice date to the due date. */
  paymentTermDays: z.number().int().min(0).max(120),
});
export type TBillingSettings = z.infer<typeof ZBillingSettings>;

/** The settings fields an invoice cannot be issued without. */
export const REQUIRED_BILLING_SETTINGS = [
  'issuerName',
  'registrationNumber',
  'bankName',
  'bankBranch',
  'bankAccountType',
  'bankAccountNumber',
  'bankAccountHolder',
] as const;
export type TRequiredBillingSetting = (typeof REQUIRED_BILLING_SETTINGS)[number];

/**
 * The required settings that are missing or invalid. While any is, the monthly run issues no
 * bank-transfer bill (the invoice would not say whom to pay): it records the month as held and
 * issues its bills once the settings are complete.
 */
export function missingBillingSettings(settings: Partial<Record<keyof TBillingSettings, unknown>>) {
  const parsed = ZBillingSettings.safeParse(settings);
  if (parsed.success) return [];
  const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  return REQUIRED_BILLING_SETTINGS.filter((field) => bad.has(field));
}

/**
 * What GET /api/billing/settings answers: the settings as stored (possibly not filled in yet),
 * the required ones still missing, and the months whose bank-transfer bills wait for them.
 */
export const ZBillingSettingsState = ZBillingSettings.extend({
  issuerName: z.string(),
  registrationNumber: z.string(),
  bankName: z.string(),
  bankBranch: z.string(),
  bankAccountNumber: z.string(),
  bankAccountHolder: z.string(),
  missing: z.array(z.enum(REQUIRED_BILLING_SETTINGS)),
  /** Months with bank-transfer bills not issued yet, and how many contracts each holds back. */
  held: z.array(z.object({ month: z.string(), contracts: z.number().int() })),
});
export type TBillingSettingsState = z.infer<typeof ZBillingSettingsState>;
export const ZBillingSettingsResponse = envelope(ZBillingSettingsState);

/** MASTER only: bills the given month now (the monthly run does it on the 1st); nothing twice. */
export const ZRunBillingBody = z.object({ month: ZMonth });
export const ZRunBillingResponse = envelope(
  z.object({
    month: z.string(),
    created: z.number().int(),
    /** Bank-transfer bills not issued because the billing settings are incomplete. */
    held: z.number().int(),
  }),
);

// --- summary dashboard -------------------------------------------------------------------------

export const ZSummaryQuery = z.object({ from: ZMonth, to: ZMonth });

/**
 * MRR as the industry measures it: a snapshot of the monthly plan fees (tax excluded) of the
 * contracts active at the month's end (its last day in Japan, or today for the current month),
 * whether their bills are paid yet or not. A contract is active on a day from its start date to
 * its end date, unless terminated or its account deleted by the end of that day; a suspended
 * contract is still billed, so it counts. Its fee is that of the plan it holds on that day.
 * Cash received is separate: the totals (tax included) of the bills paid in the month.
 */
export const ZSummaryMonth = z.object({
  month: z.string(),
  sitesCreated: z.number().int(),
  companies: z.number().int(),
  /** Monthly plan fees (tax excluded) of the contracts active at the month's end, paid or not. */
  mrr: z.number().int(),
  /** Contracts active at the month's end on a plan with a fee. */
  paidPlans: z.number().int(),
  /** Totals (tax included) of the bills paid in the month, whichever month they bill. */
  cashReceived: z.number().int(),
});

export const ZSummary = z.object({
  /** The last month of the range, in numbers; ARR = MRR x 12. */
  totals: z.object({
    sites: z.number().int(),
    companies: z.number().int(),
    mrr: z.number().int(),
    arr: z.number().int(),
    paidPlans: z.number().int(),
    cashReceived: z.number().int(),
  }),
  months: z.array(ZSummaryMonth),
  /** The contracts on a paid plan at the end of the range's last month, by plan name. */
  plans: z.array(z.object({ name: z.string(), count: z.number().int() })),
});
export type TSummary = z.infer<typeof ZSummary>;
export const ZSummaryResponse = envelope(ZSummary);

/** How far back the dashboard's months go: the current month (JST) and this many before it. */
export const SUMMARY_MONTHS_BACK = 12;

/** The month (YYYY-MM) in Japan at `now`. */
export const jstMonth = (now = Date.now()) => new Date(now + 9 * 3_600_000).toISOString().slice(0, 7);

/** Months since year 0, so months compare and subtract as numbers. */
const monthNumber = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

/** `month` moved by `months` (negative: earlier). */
export const addMonths = (month: string, months: number) => {
  const n = monthNumber(month) + months;
  return `${String(Math.floor(n / 12)).padStart(4, '0')}-${String((n % 12) + 1).padStart(2, '0')}`;
};

/** The months from `from` to `to`, both included (empty when from > to). */
export const monthsBetween = (from: string, to: string) =>
  Array.from({ length: Math.max(0, monthNumber(to) - monthNumber(from) + 1) }, (_, i) => addMonths(from, i));

export type TSummaryMonthProblem =
  | 'billing.monthInvalid'
  | 'billing.futureMonth'
  | 'billing.monthTooOld'
  | 'billing.monthRangeInvalid';

/**
 * What is wrong with a dashboard range, per field: a month after the current JST month, one more
 * than SUMMARY_MONTHS_BACK months before it, or a start after the end (the spec's date errors). The
 * server refuses such a range with these keys; the console says them before asking.
 */
export function summaryRangeProblems(
  q: { from?: string | null; to?: string | null },
  now = Date.now(),
): { field: 'from' | 'to'; messageKey: TSummaryMonthProblem }[] {
  const current = jstMonth(now);
  const problems: { field: 'from' | 'to'; messageKey: TSummaryMonthProblem }[] = [];
  for (const field of ['from', 'to'] as const) {
    const month = q[field];
    if (!month || !ZMonth.safeParse(month).success)
      problems.push({ field, messageKey: 'billing.monthInvalid' });
    else if (monthNumber(month) > monthNumber(current))
      problems.push({ field, messageKey: 'billing.futureMonth' });
    else if (monthNumber(current) - monthNumber(month) > SUMMARY_MONTHS_BACK)
      problems.push({ field, messageKey: 'billing.monthTooOld' });
  }
  if (problems.length === 0 && monthNumber(q.from!) > monthNumber(q.to!))
    problems.push({ field: 'from', messageKey: 'billing.monthRangeInvalid' });
  return problems;
}
