import { describe, expect, it } from 'vitest';
import { tierRank, ZCreatePlanRequest, ZUpdatePlanRequest } from './plans';

const valid = {
  code: 'spring_2026',
  tier: 'light',
  name: '  Spring  ',
  price: 0,
  quantitySwipe: 12,
  quantitySite: 1,
  limitAccess: 10_000,
  limitAccessPrice: 1_000,
};

const messages = (input: unknown) => {
  const r = ZCreatePlanRequest.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('plan terms', () => {
  it('accepts a plan, trimming the name and defaulting missing flags to off', () => {
    const plan = ZCreatePlanRequest.parse(valid);
    expect(plan.name).toBe('Spring');
    expect(plan.flags).toEqual({
      swipe: false,
      privateDomain: false,
      settingPopupCta: false,
      settingFormContact: false,
      analyticsEffect: false,
      settingTagSeo: false,
      multiLanguage: false,
    });
  });

  it('tells an empty number field (required) from a wrong one (whole number)', () => {
    expect(messages({ ...valid, price: '' })).toEqual({ price: 'common.required' });
    expect(messages({ ...valid, price: undefined })).toEqual({ price: 'common.required' });
    expect(messages({ ...valid, price: 'abc' })).toEqual({ price: 'plans.wholeNumber' });
    expect(messages({ ...valid, price: -1 })).toEqual({ price: 'plans.wholeNumber' });
    expect(messages({ ...valid, quantitySite: 2.5 })).toEqual({ quantitySite: 'plans.wholeNumber' });
    expect(messages({ ...valid, limitAccess: 2_000_000_000 })).toEqual({
      limitAccess: 'plans.numberTooLarge',
    });
  });

  it('limits the code to lowercase letters, digits and underscores, 32 at most', () => {
    expect(messages({ ...valid, code: 'Spring-2026' })).toEqual({ code: 'plans.codeFormat' });
    expect(messages({ ...valid, code: 'a'.repeat(33) })).toEqual({ code: 'common.tooLong' });
    expect(messages({ ...valid, code: '' })).toEqual({ code: 'common.required' });
    expect(messages({ ...valid, name: 'x'.repeat(51) })).toEqual({ name: 'common.tooLong' });
  });

  it('edits carry no code or tier: those stay with the plan', () => {
    const parsed = ZUpdatePlanRequest.parse({ ...valid, code: 'ignored' });
    expect('code' in parsed).toBe(false);
    expect('tier' in parsed).toBe(false);
  });

  it('orders tiers as the catalogue does, unknown ones last', () => {
    expect(['pro', 'trial', 'standard', 'x', 'light'].sort((a, b) => tierRank(a) - tierRank(b))).toEqual([
      'trial',
      'light',
      'standard',
      'pro',
      'x',
    ]);
  });
});
