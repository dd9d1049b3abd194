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
  describe('the sites origin', () => {
    it('is the other loopback name of the console on a fresh machine: two origins, no set-up', () => {
      expect(loadConfig({}).sitesUrl).toBe('http://127.0.0.1:3000');
      expect(loadConfig({ PORT: '4100' }).sitesUrl).toBe('http://127.0.0.1:4100');
      expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000' }).sitesUrl).toBe('http://localhost:3000');
      expect(loadConfig({ NODE_ENV: 'production' }).sitesUrl).toBe('http://127.0.0.1:3000');
    });
    it('comes from SITES_URL (its origin), and is required for any other console address', () => {
      const c = loadConfig({
        PUBLIC_URL: 'https://app.example.com',
        SITES_URL: 'https://sites.example.com/x',
      });
      expect(c.sitesUrl).toBe('https://sites.example.com');
      expect(() => loadConfig({ PUBLIC_URL: 'https://app.example.com' })).toThrow(/SITES_URL/);
    });
    it("is never the console's origin in production or with a shared database, naming the variable", () => {
      const same = { PUBLIC_URL: 'https://app.example.com', SITES_URL: 'https://app.example.com/' };
      expect(() => loadConfig({ ...same, NODE_ENV: 'production' })).toThrow(
        /SITES_URL .* must differ from PUBLIC_URL/,
      );
      expect(() =>
        loadConfig({ ...same, DATABASE_URL: 'postgres://db/app', JWT_SECRET: 'x'.repeat(32) }),
      ).toThrow(/SITES_URL/);
      // Only a development set-up may force one origin (to show what it would allow).
      expect(loadConfig(same).sitesUrl).toBe('https://app.example.com');
    });
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
