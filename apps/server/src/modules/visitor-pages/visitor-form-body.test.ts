import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { formAnswers, parseForm, sameOrigin } from './visitor-form-body';

const req = (headers: Record<string, string>) =>
  ({ headers: { host: 'lp.example.com', ...headers } }) as FastifyRequest;

describe('visitor form posts', () => {
  it('accepts posts from the page itself and refuses those from another site', () => {
    expect(sameOrigin(req({ origin: 'https://lp.example.com', 'sec-fetch-site': 'same-origin' }))).toBe(true);
    // Old browsers send neither header on a same-site form.
    expect(sameOrigin(req({}))).toBe(true);
    expect(sameOrigin(req({ origin: 'https://evil.example' }))).toBe(false);
    expect(sameOrigin(req({ 'sec-fetch-site': 'cross-site' }))).toBe(false);
    expect(sameOrigin(req({ 'sec-fetch-site': 'same-site', origin: 'https://shop.example.com' }))).toBe(
      false,
    );
    expect(sameOrigin(req({ origin: 'null' }))).toBe(false);
  });

  it('keeps repeated names as a list and renames the built-in fields', () => {
    const body = parseForm('email=a%40b.co&company_name=ACME&f3=Red&f3=Blue&confirm_password=x&q_q1=yes');
    expect(body).toEqual({
      email: 'a@b.co',
      company_name: 'ACME',
      f3: ['Red', 'Blue'],
      confirm_password: 'x',
      q_q1: 'yes',
    });
    expect(formAnswers(body)).toEqual({
      email: 'a@b.co',
      companyName: 'ACME',
      f3: ['Red', 'Blue'],
      confirmPassword: 'x',
      q_q1: 'yes',
    });
  });

  it('bounds a repeated field at 100 values', () => {
    const body = parseForm(Array.from({ length: 150 }, (_, i) => `f1=${i}`).join('&'));
    expect(body.f1).toHaveLength(100);
  });
});
