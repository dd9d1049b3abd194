import { describe, expect, it } from 'vitest';
import { curlExample } from './curl-example';

describe('curl example', () => {
  const base = { baseUrl: 'https://lp.example.com/api/v1', clientId: 'slc_abc', basicId: 'acme.api' };
  it('names the header or credentials of each method, never a secret', () => {
    expect(curlExample({ ...base, method: 'API_KEY' })).toBe(
      'curl -H "X-Api-Key: $SWIPE_API_KEY" \\\n  https://lp.example.com/api/v1/account',
    );
    expect(curlExample({ ...base, method: 'BASIC' })).toBe(
      'curl -u "acme.api:$SWIPE_API_PASSWORD" \\\n  https://lp.example.com/api/v1/account',
    );
    expect(curlExample({ ...base, method: 'IP' })).toBe(
      'curl -H "X-Api-Client: slc_abc" \\\n  https://lp.example.com/api/v1/account',
    );
  });
  it('shows placeholders for what is not set yet', () => {
    expect(curlExample({ ...base, method: 'IP', clientId: null })).toContain('X-Api-Client: <CLIENT_ID>');
    expect(curlExample({ ...base, method: 'BASIC', basicId: '' })).toContain('-u "<ID>:');
  });
});
