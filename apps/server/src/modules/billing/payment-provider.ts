import type { TCardSetup } from '@swipe/contracts/billing';

// One interface for whoever charges cards. Two implementations: Stripe (stripe-provider.ts,
// chosen when STRIPE_SECRET_KEY is set) and the test-mode provider (test-provider.ts, with no
// keys), which follows the same states so every flow can be tried on a fresh machine. A card
// number never reaches our database: only the provider's id of the card, its brand, last four
// digits and expiry.

export type TProviderKind = 'TEST' | 'STRIPE';

/** A saved card as the provider describes it. */
export type TProviderCard = {
  providerCardId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
};

export type TChargeResult =
  /** The money is ours. */
  | { status: 'succeeded'; paymentId: string }
  /** The provider is still working on it; a webhook will say how it ended. */
  | { status: 'pending'; paymentId: string }
  /**
   * Declined or impossible: `code` says why (PAYMENT_FAILURE_CODES in contracts/bill-payment.ts,
   * or another of the provider's codes), and people read the catalogue's text for it; `message`
   * is the provider's own words, kept in the bill's audit trail.
   */
  | { status: 'failed'; paymentId: string | null; code: string; message: string };

/** A webhook event the billing module acts on (others are acknowledged and ignored). */
export type TPaymentEvent = {
  /** The provider's event id: a replayed event is recognised by it and moves nothing. */
  id: string;
  type: 'payment.succeeded' | 'payment.failed';
  billId: string;
  paymentId: string;
  /** The provider's customer the payment is of (null when it names none). */
  customerId: string | null;
  /** In the currency's smallest unit: yen for JPY. */
  amount: number;
  /** ISO 4217 in lower case, as Stripe writes it ('jpy'). */
  currency: string;
  message?: string;
  /** A failed payment's code, as for a charge's answer. */
  code?: string;
};

export interface TPaymentProvider {
  kind: TProviderKind;
  /** True for the test-mode provider: every screen that shows a payment says "test mode". */
  testMode: boolean;
  /** The account's customer at the provider, made on first use (`existing` when there is one). */
  ensureCustomer(
    account: { id: string; name: string; email: string },
    existing: string | null,
  ): Promise<string>;
  /** What the console needs to collect a card for this customer. */
  cardSetup(customerId: string): Promise<TCardSetup>;
  /** Turns what the browser got from the provider (a PaymentMethod id, a test token) into a card of the customer. */
  attachCard(customerId: string, token: string): Promise<TProviderCard>;
  detachCard(customerId: string, providerCardId: string): Promise<void>;
  /**
   * Charges `amount` yen off-session. `idempotencyKey` is the same for every call about one
   * attempt of one bill, so a retried call never charges twice.
   */
  charge(opts: {
    customerId: string;
    providerCardId: string;
    amount: number;
    billId: string;
    description: string;
    idempotencyKey: string;
  }): Promise<TChargeResult>;
  /**
   * Reads a webhook: throws WebhookSignatureError unless the signature of the raw body is valid;
   * null for an event the billing module does not act on.
   */
  parseWebhook(rawBody: Buffer, signature: string | undefined): TPaymentEvent | null;
}

export class WebhookSignatureError extends Error {}

/** A card the provider refused to save (declined, expired, malformed token). */
export class CardRejectedError extends Error {
  constructor(
    message: string,
    /** The catalogue key shown to the person adding the card. */
    readonly messageKey:
      | 'billing.cardAddFailed'
      | 'billing.cardDeclined'
      | 'billing.cardExpired' = 'billing.cardAddFailed',
  ) {
    super(message);
  }
}
