import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  CardRejectedError,
  type TChargeResult,
  type TPaymentProvider,
  type TProviderCard,
  WebhookSignatureError,
} from './payment-provider';

// The test-mode payment provider: used when no Stripe keys are configured, so every billing flow
// can be tried on a fresh machine. It keeps NO state (several server processes share one
// database): a card is an opaque token that carries its brand, last four digits, expiry and
// what charging it does, signed with a key derived from the server's secret. The full number
// and the CVC are never in the token and never stored.
//
// Like Stripe's test cards, charging answers the code Stripe would: 4000 0000 0000 0002 is
// declined (card_declined), 4000 0000 0000 9995 has insufficient funds, 4000 0000 0000 0069 is
// expired_card, 4000 0000 0000 0127 incorrect_cvc, 4000 0000 0000 0119 processing_error; every
// other valid number (4242 4242 4242 4242) succeeds.

export type TTestCardInput = { number: string; expMonth: number; expYear: number; cvc: string };

export type TTestProvider = TPaymentProvider & {
  /** Checks a card and turns it into a token for `attachCard` (the number and CVC stay out of it). */
  tokenize(card: TTestCardInput, now?: Date): string;
};

const TOKEN_PREFIX = 'tok_test_';
const TOKEN = /^tok_test_([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/;

const OUTCOMES = [
  'succeed',
  'decline',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'processing_error',
] as const;
type TOutcome = (typeof OUTCOMES)[number];

const DECLINE_NUMBERS: Record<string, TOutcome> = {
  '4000000000000002': 'decline',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
  '4000000000000119': 'processing_error',
};

/** What charging such a card answers: Stripe's code and its English words. */
const DECLINES: Record<Exclude<TOutcome, 'succeed'>, { code: string; message: string }> = {
  decline: { code: 'card_declined', message: 'Your card was declined.' },
  insufficient_funds: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  expired_card: { code: 'expired_card', message: 'Your card has expired.' },
  incorrect_cvc: { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  processing_error: {
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
};

const DEMO_PREFIX = 'tok_demo_';
const DEMO_TOKEN = /^tok_demo_(\d{4})_[A-Za-z0-9-]*$/;
const DEMO_OUTCOMES: Record<string, TOutcome> = {
  '0002': 'decline',
  '9995': 'insufficient_funds',
  '0069': 'expired_card',
  '0127': 'incorrect_cvc',
  '0119': 'processing_error',
};

/**
 * The card of a seeded demo account (demo mode writes it straight into the database, with no
 * secret at hand): charged like the test card with those last four digits (0002 is declined,
 * 9995 has insufficient funds, any other succeeds). It is not signed, so `attachCard` refuses
 * it: nobody can add one through the API; only what is already in the database is charged.
 */
export function demoCardToken(last4: string, seed: string): string {
  if (!/^\d{4}$/.test(last4)) throw new Error('demoCardToken: last4 must be four digits');
  return `${DEMO_PREFIX}${last4}_${seed.replace(/[^A-Za-z0-9-]/g, '').slice(0, 64)}`;
}

const ZPayload = z.object({
  brand: z.string(),
  last4: z.string().regex(/^\d{4}$/),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int(),
  outcome: z.enum(OUTCOMES),
});
type TPayload = z.infer<typeof ZPayload>;

/** The Luhn checksum every real card number passes. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** The card's brand from its number's leading digits. */
export function cardBrand(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  if (two === 34 || two === 37) return 'amex';
  if (two === 35) return 'jcb';
  return 'card';
}

/** The current month in Japan (JST, UTC+9, no daylight saving) as year * 12 + month. */
const jstMonthIndex = (now: Date) => {
  const jst = new Date(now.getTime() + 9 * 60 * 60 * 1000);
  return jst.getUTCFullYear() * 12 + jst.getUTCMonth() + 1;
};

export function createTestProvider(opts: { secret: string }): TTestProvider {
  if (!opts.secret) throw new Error('The test-mode payment provider needs a secret');
  // A key of its own, so a card token is never valid as anything else signed with the secret.
  const key = createHmac('sha256', opts.secret).update('test-card-token').digest();
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');

  function issue(payload: TPayload): string {
    const body = `${TOKEN_PREFIX}${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    return `${body}.${sign(body)}`;
  }

  /** The token's card, or null when it is malformed, altered or signed with another key. */
  function read(token: string): TPayload | null {
    if (typeof token !== 'string' || token.length > 2048) return null;
    const m = TOKEN.exec(token);
    if (!m) return null;
    const body = `${TOKEN_PREFIX}${m[1]}`;
    // Compared as text (not decoded bytes), so no other spelling of the signature passes.
    const expected = Buffer.from(sign(body));
    const given = Buffer.from(m[2]!);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const parsed = ZPayload.safeParse(JSON.parse(Buffer.from(m[1]!, 'base64url').toString('utf8')));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  const toCard = (token: string, p: TPayload): TProviderCard => ({
    providerCardId: token,
    brand: p.brand,
    last4: p.last4,
    expMonth: p.expMonth,
    expYear: p.expYear,
  });

  return {
    kind: 'TEST',
    testMode: true,

    tokenize(card, now = new Date()) {
      const number = String(card.number);
      if (!/^\d{12,19}$/.test(number))
        throw new CardRejectedError('The card number must be 12 to 19 digits.', 'billing.cardAddFailed');
      if (!luhnValid(number))
        throw new CardRejectedError('The card number is not valid.', 'billing.cardAddFailed');
      const { expMonth, expYear } = card;
      if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12 || !Number.isInteger(expYear))
        throw new CardRejectedError('The expiry date is not valid.', 'billing.cardAddFailed');
      // A card is good through the last day of its expiry month.
      if (expYear * 12 + expMonth < jstMonthIndex(now))
        throw new CardRejectedError('The card has expired.', 'billing.cardExpired');
      if (!/^\d{3,4}$/.test(String(card.cvc ?? '')))
        throw new CardRejectedError('The security code is not valid.', 'billing.cardAddFailed');
      return issue({
        brand: cardBrand(number),
        last4: number.slice(-4),
        expMonth,
        expYear,
        outcome: DECLINE_NUMBERS[number] ?? 'succeed',
      });
    },

    async ensureCustomer(account, existing) {
      return existing ?? `cus_test_${account.id}`;
    },

    async cardSetup() {
      return { provider: 'TEST' };
    },

    async attachCard(_customerId, token) {
      const payload = read(token);
      if (!payload) throw new CardRejectedError('The card token is not valid.', 'billing.cardAddFailed');
      return toCard(token, payload);
    },

    async detachCard() {},

    async charge({ providerCardId, idempotencyKey }): Promise<TChargeResult> {
      const demo = DEMO_TOKEN.exec(providerCardId);
      const payload = demo
        ? { outcome: DEMO_OUTCOMES[demo[1]!] ?? ('succeed' as const) }
        : read(providerCardId);
      // Only a token signed with another secret gets here (the secret changed): it can never be
      // charged, so the bill fails rather than being retried for ever.
      if (!payload)
        return {
          status: 'failed',
          paymentId: null,
          code: 'card_unavailable',
          message: 'This card can no longer be charged.',
        };
      // The same attempt always has the same payment, as with a provider's idempotency key.
      const paymentId = `pi_test_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`;
      if (payload.outcome === 'succeed') return { status: 'succeeded', paymentId };
      return { status: 'failed', paymentId, ...DECLINES[payload.outcome] };
    },

    parseWebhook() {
      throw new WebhookSignatureError('The test-mode payment provider sends no webhooks.');
    },
  };
}
