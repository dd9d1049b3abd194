import { z } from 'zod';
import { ZBill } from './billing';
import { envelope } from './envelope';

// Paying a bill by hand and what a failed or overdue bill tells its holder: the card the holder
// chooses, the provider's code of a failed charge (read as a text of the catalogue in the UI
// language, never as the provider's English words) and the bills that need the holder.

/**
 * The codes of a failed charge with a text of their own (`billing.failure.<code>`), as Stripe
 * names them (its `decline_code` when it gives one, else its error `code`); the test-mode
 * provider gives the same. Two are ours: `card_unavailable` (a card the provider can no longer
 * charge) and `no_card` (nothing to charge). Any other code reads `billing.failure.generic`.
 */
export const PAYMENT_FAILURE_CODES = [
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'incorrect_number',
  'processing_error',
  'authentication_required',
  'card_unavailable',
  'no_card',
] as const;
export type TPaymentFailureCode = (typeof PAYMENT_FAILURE_CODES)[number];

const KNOWN = new Set<string>(PAYMENT_FAILURE_CODES);

/** The catalogue key of a failure code: its own text, or the generic one for a code we do not know. */
export const paymentFailureKey = (
  code: string | null | undefined,
): `billing.failure.${TPaymentFailureCode | 'generic'}` =>
  `billing.failure.${code && KNOWN.has(code) ? (code as TPaymentFailureCode) : 'generic'}`;

/**
 * POST /api/bills/:id/pay: pays now with one of the account's saved cards (by default its
 * default card); `makeDefault` also makes that card the one future bills are charged to.
 */
export const ZPayBillBody = z
  .object({
    cardId: z.uuid('billing.cardNotFound').optional(),
    makeDefault: z.boolean().optional(),
  })
  // No body at all (null once parsed) pays with the default card, as before a card could be chosen.
  .nullish();
export type TPayBillBody = NonNullable<z.infer<typeof ZPayBillBody>>;

/** Why a bill needs its holder: its card charge failed, or it is unpaid past its due date (JST). */
export const ZBillAttention = z.enum(['FAILED', 'OVERDUE']);
export type TBillAttention = z.infer<typeof ZBillAttention>;

export const ZOutstandingBill = ZBill.extend({ attention: ZBillAttention });
export type TOutstandingBill = z.infer<typeof ZOutstandingBill>;

/** GET /api/bills/outstanding: the caller's own account's bills that need it, oldest month first. */
export const ZOutstandingBillsResponse = envelope(z.array(ZOutstandingBill));
