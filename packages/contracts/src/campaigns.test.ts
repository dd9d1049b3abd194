import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_MIN_WINDOW,
  campaignForPage,
  cornerRadius,
  isCampaignActive,
  scriptParses,
  showsCampaignZones,
  ZCampaignLink,
} from './campaigns';

const c = (startDate: string, endDate: string, effectivePages = ['A1', 'B1']) => ({
  startDate,
  endDate,
  effectivePages,
});

describe('campaign rules', () => {
  it('is active from its first to its last day, both included (JST days)', () => {
    const autumn = c('2026-10-01', '2026-10-15');
    expect(isCampaignActive(autumn, '2026-09-30')).toBe(false);
    expect(isCampaignActive(autumn, '2026-10-01')).toBe(true);
    expect(isCampaignActive(autumn, '2026-10-15')).toBe(true);
    expect(isCampaignActive(autumn, '2026-10-16')).toBe(false);
  });

  it('shows on its effective pages only; of several, the latest start wins', () => {
    const early = c('2026-10-01', '2026-10-31');
    const late = c('2026-10-10', '2026-10-20', ['A1']);
    expect(campaignForPage([early, late], 'A1', '2026-10-12')).toBe(late);
    expect(campaignForPage([early, late], 'B1', '2026-10-12')).toBe(early);
    expect(campaignForPage([early, late], 'A1', '2026-10-25')).toBe(early);
    expect(campaignForPage([early, late], 'C1', '2026-10-12')).toBeNull();
  });

  it('fills the zones only on windows wider than the phone column, never on form pages', () => {
    expect(showsCampaignZones(CAMPAIGN_MIN_WINDOW, 'PAGE')).toBe(false);
    expect(showsCampaignZones(CAMPAIGN_MIN_WINDOW + 1, 'PAGE')).toBe(true);
    expect(showsCampaignZones(1280, 'CONTACT')).toBe(false);
    expect(showsCampaignZones(1280, 'FORM')).toBe(false);
  });

  it('runs a script only if it parses, and checks each link by its type', () => {
    expect(scriptParses('window.dataLayer.push({ event: "book" });')).toBe(true);
    expect(scriptParses('alert(')).toBe(false);
    expect(scriptParses('   ')).toBe(false);
    const ok = (type: string, url: string) => ZCampaignLink.safeParse({ type, url }).success;
    expect(ok('EXTERNAL_URL', 'https://example.com/a')).toBe(true);
    expect(ok('EXTERNAL_URL', 'javascript:alert(1)')).toBe(false);
    expect(ok('INTERNAL_URL', '/contact')).toBe(true);
    expect(ok('INTERNAL_URL', '//evil.example')).toBe(false);
    expect(ok('CREATIVE_BLOCK', 'B2')).toBe(true);
    expect(ok('CREATIVE_BLOCK', 'B')).toBe(false);
    expect(ok('SURVEY', 'not-a-uuid')).toBe(false);
    expect(ok('SCRIPT', 'alert(')).toBe(false);
    expect(cornerRadius('PILL')).toBe(100);
  });
});
