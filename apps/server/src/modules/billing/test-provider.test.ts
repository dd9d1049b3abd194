import { describe, expect, it } from 'vitest';
import { CardRejectedError, WebhookSignatureError } from './payment-provider';
import { cardBrand, createTestProvider, demoCardToken, luhnValid } from './test-provider';

const SECRET = 's'.repeat(48);
const NOW = new Date('2026-05-15T12:00:00Z');
const card = (number: string, over: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) => ({
  number,
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  ...over,
});

async function rejection(fn: () => unknown): Promise<CardRejectedError> {
  try {
    await fn();
  } catch (err) {
    expect(err).toBeInstanceOf(CardRejectedError);
    return err as CardRejectedError;
  }
  throw new Error('expected a CardRejectedError');
}

const chargeOpts = (providerCardId: string, idempotencyKey = 'bill-1-attempt-1') => ({
  customerId: 'cus_test_a',
  providerCardId,
  amount: 11_000,
  billId: 'bill-1',
  description: 'Invoice 2026-04',
  idempotencyKey,
});

describe('test-mode payment provider', () => {
  const provider = createTestProvider({ secret: SECRET });

  it('is the TEST kind, in test mode, with the test card form', async () => {
    expect(provider.kind).toBe('TEST');
    expect(provider.testMode).toBe(true);
    expect(await provider.cardSetup('cus_test_a')).toEqual({ provider: 'TEST' });
  });

  it('checks the Luhn sum', async () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('79927398713')).toBe(true);
    const err = await rejection(() => provider.tokenize(card('4242424242424241'), NOW));
    expect(err.messageKey).toBe('billing.cardAddFailed');
  });

  it('refuses numbers that are not 12 to 19 digits', async () => {
    for (const n of ['42424242424', '42424242424242424242', '4242 4242 4242 4242', '4242abcd42424242'])
      expect((await rejection(() => provider.tokenize(card(n), NOW))).messageKey).toBe(
        'billing.cardAddFailed',
      );
  });

  it('derives the brand from the number', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('5105105105105100')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('2720990000000000')).toBe('mastercard');
    expect(cardBrand('2721000000000000')).toBe('card');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('340000000000009')).toBe('amex');
    expect(cardBrand('3566002020360505')).toBe('jcb');
    expect(cardBrand('6011111111111117')).toBe('card');
  });

  it('saves the brand, last four digits and expiry', async () => {
    const token = provider.tokenize(card('5555555555554444', { expMonth: 3, expYear: 2029 }), NOW);
    expect(await provider.attachCard('cus_test_a', token)).toEqual({
      providerCardId: token,
      brand: 'mastercard',
      last4: '4444',
      expMonth: 3,
      expYear: 2029,
    });
  });

  it('refuses a card whose expiry month has passed in Japan, and takes one expiring this month', async () => {
    const lastMonth = await rejection(() =>
      provider.tokenize(card('4242424242424242', { expMonth: 4, expYear: 2026 }), NOW),
    );
    expect(lastMonth.messageKey).toBe('billing.cardExpired');
    expect(provider.tokenize(card('4242424242424242', { expMonth: 5, expYear: 2026 }), NOW)).toMatch(
      /^tok_test_/,
    );
    // 2026-05-31T16:00Z is already June 1st in Tokyo: a May card has expired there.
    const tokyoJune = new Date('2026-05-31T16:00:00Z');
    expect(
      (
        await rejection(() =>
          provider.tokenize(card('4242424242424242', { expMonth: 5, expYear: 2026 }), tokyoJune),
        )
      ).messageKey,
    ).toBe('billing.cardExpired');
    expect(
      (await rejection(() => provider.tokenize(card('4242424242424242', { expMonth: 13 }), NOW))).messageKey,
    ).toBe('billing.cardAddFailed');
  });

  it('never puts the number or the CVC in the token', () => {
    const number = '4242424242424242';
    const token = provider.tokenize(card(number, { cvc: '987' }), NOW);
    const [payload] = token.slice('tok_test_'.length).split('.');
    const decoded = Buffer.from(payload!, 'base64url').toString('utf8');
    for (const text of [token, decoded]) {
      expect(text).not.toContain(number);
      expect(text).not.toContain('424242424242');
      expect(text).not.toContain('987');
    }
    expect(Object.keys(JSON.parse(decoded)).sort()).toEqual([
      'brand',
      'expMonth',
      'expYear',
      'last4',
      'outcome',
    ]);
  });

  it('refuses a token that was altered in any character, forged, or signed with another secret', async () => {
    const token = provider.tokenize(card('4000000000000002'), NOW);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let i = 'tok_test_'.length; i < token.length; i++) {
      const c = token[i]!;
      if (c === '.') continue;
      const flipped = alphabet[(alphabet.indexOf(c) + 1) % alphabet.length]!;
      const altered = token.slice(0, i) + flipped + token.slice(i + 1);
      await rejection(() => provider.attachCard('cus_test_a', altered));
    }
    // A decline card turned into a succeeding one, with a signature of the attacker's making.
    const [payload, signature] = token.slice('tok_test_'.length).split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), outcome: 'succeed' }),
    ).toString('base64url');
    await rejection(() => provider.attachCard('cus_test_a', `tok_test_${forgedPayload}.${signature}`));
    const other = createTestProvider({ secret: 'o'.repeat(48) });
    await rejection(() => other.attachCard('cus_test_a', token));
    for (const bad of [
      '',
      'tok_test_',
      'tok_test_abc',
      `${token}.x`,
      'pm_123',
      token.replace('tok_test_', 'tok_'),
    ])
      await rejection(() => provider.attachCard('cus_test_a', bad));
    // Another process with the same secret takes it: nothing lives in memory.
    await expect(
      createTestProvider({ secret: SECRET }).attachCard('cus_test_a', token),
    ).resolves.toMatchObject({
      last4: '0002',
    });
  });

  it('charges 4242… successfully and declines 4000 0000 0000 0002 and …9995', async () => {
    const ok = provider.tokenize(card('4242424242424242'), NOW);
    const declined = provider.tokenize(card('4000000000000002'), NOW);
    const poor = provider.tokenize(card('4000000000009995'), NOW);
    const success = await provider.charge(chargeOpts(ok));
    expect(success).toEqual({ status: 'succeeded', paymentId: expect.stringMatching(/^pi_test_[0-9a-f]+$/) });
    expect(await provider.charge(chargeOpts(declined))).toEqual({
      status: 'failed',
      paymentId: expect.stringMatching(/^pi_test_/),
      code: 'card_declined',
      message: 'Your card was declined.',
    });
    expect(await provider.charge(chargeOpts(poor))).toMatchObject({
      status: 'failed',
      code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
  });

  it("answers Stripe's decline code of each of its test cards", async () => {
    const codes: [string, string][] = [
      ['4000000000000069', 'expired_card'],
      ['4000000000000127', 'incorrect_cvc'],
      ['4000000000000119', 'processing_error'],
    ];
    for (const [number, code] of codes) {
      const token = provider.tokenize(card(number), NOW);
      expect(await provider.charge(chargeOpts(token))).toMatchObject({ status: 'failed', code });
      expect(await provider.charge(chargeOpts(demoCardToken(number.slice(-4), 'demo')))).toMatchObject({
        status: 'failed',
        code,
      });
    }
  });

  it('gives the same payment id for the same idempotency key, another for another key', async () => {
    const ok = provider.tokenize(card('4242424242424242'), NOW);
    const a = await provider.charge(chargeOpts(ok, 'bill-1-attempt-1'));
    const again = await createTestProvider({ secret: SECRET }).charge(chargeOpts(ok, 'bill-1-attempt-1'));
    const b = await provider.charge(chargeOpts(ok, 'bill-1-attempt-2'));
    expect(again.paymentId).toBe(a.paymentId);
    expect(b.paymentId).not.toBe(a.paymentId);
  });

  it('fails (does not throw) a charge on a token it cannot read', async () => {
    const foreign = createTestProvider({ secret: 'o'.repeat(48) }).tokenize(card('4242424242424242'), NOW);
    expect(await provider.charge(chargeOpts(foreign))).toMatchObject({
      status: 'failed',
      paymentId: null,
      code: 'card_unavailable',
    });
  });

  it('charges seeded demo cards by their last four digits, and never attaches one', async () => {
    const ok = demoCardToken('4242', 'demo-hinode');
    const declined = demoCardToken('0002', 'demo-sakura');
    expect(ok).toBe('tok_demo_4242_demo-hinode');
    expect(await provider.charge(chargeOpts(ok))).toMatchObject({ status: 'succeeded' });
    expect(await provider.charge(chargeOpts(declined))).toMatchObject({
      status: 'failed',
      code: 'card_declined',
      message: 'Your card was declined.',
    });
    await rejection(() => provider.attachCard('cus_test_a', ok));
  });

  it('makes one customer per account and keeps an existing one', async () => {
    const account = { id: 'acc-1', name: 'A', email: 'a@example.com' };
    expect(await provider.ensureCustomer(account, null)).toBe('cus_test_acc-1');
    expect(await provider.ensureCustomer(account, 'cus_test_old')).toBe('cus_test_old');
    await expect(provider.detachCard('cus_test_acc-1', 'tok_test_x')).resolves.toBeUndefined();
  });

  it('has no webhooks', () => {
    expect(() => provider.parseWebhook(Buffer.from('{}'), 'anything')).toThrow(WebhookSignatureError);
    expect(() => provider.parseWebhook(Buffer.from('{}'), undefined)).toThrow(WebhookSignatureError);
  });
});
