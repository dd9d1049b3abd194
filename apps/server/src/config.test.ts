import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults: port 3000, ./data, demo outside production', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.dataDir.endsWith('/data')).toBe(true);
    expect(c.demo).toBe(true);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:3000');
  });
  it('turns demo off in production unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).demo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO: 'true' }).demo).toBe(true);
  });
  it('refuses a shared database without a shared JWT secret, naming the variable', () => {
    // Each process would invent its own secret and refuse the others' tokens and signed links.
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/app' })).toThrow(/JWT_SECRET/);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/app', JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toBe(
      'x'.repeat(32),
    );
  });
  it('refuses invalid values with the variable name', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });
  describe('Stripe', () => {
    const STRIPE = {
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    };
    it('is off (test-mode payments) when none of its variables is set, or they are empty', () => {
      expect(loadConfig({}).stripe).toBeNull();
      expect(
        loadConfig({ STRIPE_SECRET_KEY: '', STRIPE_PUBLISHABLE_KEY: '', STRIPE_WEBHOOK_SECRET: '' }).stripe,
      ).toBeNull();
    });
    it('is on with all three', () => {
      expect(loadConfig(STRIPE).stripe).toEqual({
        secretKey: 'sk_test_abc',
        publishableKey: 'pk_test_abc',
        webhookSecret: 'whsec_abc',
      });
    });
    it('refuses a partial set, naming what is missing', () => {
      expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
        /STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET\.$/,
      );
      expect(() => loadConfig({ ...STRIPE, STRIPE_WEBHOOK_SECRET: undefined })).toThrow(
        /missing: STRIPE_WEBHOOK_SECRET/,
      );
    });
    it('refuses keys of the wrong kind, or a test key with a live one', () => {
      expect(() => loadConfig({ ...STRIPE, STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(/STRIPE_SECRET_KEY/);
      expect(() => loadConfig({ ...STRIPE, STRIPE_WEBHOOK_SECRET: 'abc' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
      expect(() => loadConfig({ ...STRIPE, STRIPE_PUBLISHABLE_KEY: 'pk_live_abc' })).toThrow(/test keys/);
    });
  });
});
