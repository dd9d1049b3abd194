import { canMove, type TBill, type TBillMove, type TBillStatus } from '@swipe/contracts/billing';
import { jstMonthOf } from '@swipe/contracts/jst-format';

// Billing's pure helpers (unit-tested): status colours, months, the fee lines of a bill, which
// actions a bill allows, and the test-mode card form's parsing.

/** The six payment statuses, each with its own colour. */
export const BILL_STATUS_COLORS: Record<TBillStatus, string> = {
  // Filled badges: dark shades under white text, a bright amber under black (autoContrast), each
  // at least 4.5:1 (axe colour contrast).
  UNPAID: 'yellow.6',
  PROCESSING: 'blue.9',
  PAID: 'teal.9',
  FAILED: 'red.9',
  VOID: 'gray.7',
  COMPLETED: 'grape.9',
};

export const billStatusColor = (status: TBillStatus) => BILL_STATUS_COLORS[status] ?? 'gray';

/** A billed month ('YYYY-MM') in the UI language: March 2026 / 2026年3月 / 2026년 3월. */
export { formatMonth } from '../../app/format';

/** The month before `today` ('YYYY-MM-DD', JST): the latest month that can be billed. */
export function previousMonth(today: string): string {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/** A month picker's value ('YYYY-MM-DD') as a month filter ('YYYY-MM'). */
export function monthOfPicked(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const m = /^(\d{4})-(\d{2})/.exec(value);
  return m ? `${m[1]}-${m[2]}` : undefined;
}

/** A month ('YYYY-MM') as a month picker's value. */
export const pickedOfMonth = (month: string | null | undefined) =>
  month && /^\d{4}-\d{2}$/.test(month) ? `${month}-01` : null;

export type TFeeKind = 'planFee' | 'pageViewFee' | 'licenseFee' | 'initialFee';

/** The fee lines of a bill (tax excluded); the one-time initial fee only when it was charged. */
export function feeLines(
  bill: Pick<TBill, TFeeKind>,
  opts: { all?: boolean } = {},
): { kind: TFeeKind; amount: number }[] {
  const kinds: TFeeKind[] = ['planFee', 'pageViewFee', 'licenseFee'];
  if (bill.initialFee !== 0 || opts.all) kinds.push('initialFee');
  return kinds.map((kind) => ({ kind, amount: bill[kind] }));
}

/** The holder may pay a bill now: a card bill unpaid or whose last charge failed, or a
 *  bank-transfer bill still unpaid after its due date (`today` is the JST day, YYYY-MM-DD). */
export const canPayNow = (bill: Pick<TBill, 'method' | 'status' | 'dueDate'>, today: string) =>
  (bill.status === 'FAILED' || bill.status === 'UNPAID') && (bill.method === 'CARD' || bill.dueDate < today);

/** The manual moves MASTER may make, in menu order. */
export const MANUAL_MOVES = ['MARK_PAID', 'FORCE_COMPLETE', 'VOID'] as const satisfies readonly TBillMove[];
export type TManualMove = (typeof MANUAL_MOVES)[number];

/** Which manual moves the bill's status allows (the server answers 409 to the others). */
export const manualMovesOf = (status: TBillStatus): TManualMove[] =>
  MANUAL_MOVES.filter((move) => canMove(status, move));

/** The API path segment of a manual move. */
export const MOVE_PATHS: Record<TManualMove, string> = {
  MARK_PAID: 'mark-paid',
  FORCE_COMPLETE: 'force-complete',
  VOID: 'void',
};

// --- the test-mode card form --------------------------------------------------------------------

/** The card number as typed, grouped by four digits (at most 19 digits). */
export function groupCardNumber(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The expiry as typed, shaped MM/YY. */
export function shapeExpiry(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** 'MM/YY' (or MM/YYYY) to a month and a four-digit year, or null when it is not one. */
export function parseExpiry(text: string): { expMonth: number; expYear: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!m) return null;
  const expMonth = Number(m[1]);
  const year = Number(m[2]);
  if (expMonth < 1 || expMonth > 12) return null;
  return { expMonth, expYear: m[2]?.length === 2 ? 2000 + year : year };
}

/** A card is valid through the last day of its expiry month (the month in Japan at `now`). */
export function isCardExpired(expMonth: number, expYear: number, now = new Date()): boolean {
  const current = jstMonthOf(now);
  const year = Number(current.slice(0, 4));
  const month = Number(current.slice(5, 7));
  return expYear < year || (expYear === year && expMonth < month);
}

/** A card's expiry as shown: 04/29. */
export const formatCardExpiry = (expMonth: number, expYear: number) =>
  `${String(expMonth).padStart(2, '0')}/${String(expYear % 100).padStart(2, '0')}`;

/** A brand as shown: 'visa' reads Visa, 'amex' American Express. */
export function formatCardBrand(brand: string): string {
  const known: Record<string, string> = {
    visa: 'Visa',
    mastercard: 'Mastercard',
    amex: 'American Express',
    jcb: 'JCB',
    diners: 'Diners Club',
    discover: 'Discover',
    unionpay: 'UnionPay',
  };
  const key = brand.trim().toLowerCase();
  return known[key] ?? (key ? key.charAt(0).toUpperCase() + key.slice(1) : '');
}
