import type { TConfig } from '../../config';
import { resolveJwtSecret } from '../../platform/tokens';
import type { TPaymentProvider } from './payment-provider';
import { createStripeProvider } from './stripe-provider';
import { createTestProvider, type TTestProvider } from './test-provider';

/**
 * The payment provider the configuration asks for: Stripe when its keys are set, else the
 * test-mode provider, whose card tokens are signed with a key derived from the JWT secret (the
 * one every process sharing the database has, so any of them accepts a token another made).
 */
export function createPaymentProvider(
  config: Pick<TConfig, 'stripe' | 'jwtSecret' | 'dataDir'>,
): TPaymentProvider {
  if (config.stripe) return createStripeProvider(config.stripe);
  return createTestProvider({ secret: resolveJwtSecret(config.jwtSecret, config.dataDir) });
}

/** The test-mode provider has a tokenizer (the console's test card form posts to it); Stripe has none. */
export const isTestProvider = (provider: TPaymentProvider): provider is TTestProvider =>
  provider.kind === 'TEST' && 'tokenize' in provider;
