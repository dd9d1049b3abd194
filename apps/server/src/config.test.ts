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
});
