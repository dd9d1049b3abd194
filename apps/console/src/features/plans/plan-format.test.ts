import { describe, expect, it } from 'vitest';
import { contractProgress, enabledFlags, overLimitFee, usageColor, usagePercent } from './plan-format';

describe('plan formatting', () => {
  it('measures usage against a limit, a zero limit counting as full once used', () => {
    expect(usagePercent(1, 3)).toBe(33);
    expect(usagePercent(5, 3)).toBe(100);
    expect(usagePercent(0, 0)).toBe(0);
    expect(usagePercent(1, 0)).toBe(100);
    expect(usageColor(1, 3)).toBe('teal');
    expect(usageColor(8, 10)).toBe('yellow');
    expect(usageColor(10, 10)).toBe('red');
  });

  it('charges each started unit of page views beyond the limit', () => {
    expect(overLimitFee(50_000, 50_000, 800, 1_000)).toBe(0);
    expect(overLimitFee(50_001, 50_000, 800, 1_000)).toBe(800);
    expect(overLimitFee(52_000, 50_000, 800, 1_000)).toBe(1_600);
  });

  it('lists the enabled flags in catalogue order', () => {
    expect(
      enabledFlags({
        flags: {
          swipe: true,
          privateDomain: false,
          settingPopupCta: true,
          settingFormContact: false,
          analyticsEffect: false,
          settingTagSeo: false,
          multiLanguage: true,
        },
      }),
    ).toEqual(['swipe', 'settingPopupCta', 'multiLanguage']);
  });
});

describe('contract progress', () => {
  it('counts the days left, end day included, in Japan time', () => {
    expect(contractProgress('2026-01-01', '2026-12-31', '2026-01-01')).toEqual({ percent: 0, daysLeft: 365 });
    expect(contractProgress('2026-01-01', '2026-12-31', '2026-12-31')).toEqual({ percent: 100, daysLeft: 1 });
    expect(contractProgress('2026-01-01', '2026-12-31', '2027-02-01')).toEqual({ percent: 100, daysLeft: 0 });
  });
});
