import { describe, expect, it } from 'vitest';
import { campaignInput } from './campaign-fixtures';
import { renameCampaignPages } from './campaign-pages';

describe('a campaign following the site editor’s page renames', () => {
  const input = campaignInput({ effectivePages: ['A1', 'B1', 'C1'] });
  const linked = {
    ...input,
    buttons: input.buttons.map((b) => ({ ...b, link: { type: 'CREATIVE_BLOCK' as const, url: 'C1' } })),
  };

  it('renames its pages and page links at once (a swap is no chain), dropping removed pages', () => {
    const out = renameCampaignPages(linked, { A1: 'B1', B1: 'A1', C1: 'A2', D1: null });
    expect(out.effectivePages).toEqual(['B1', 'A1', 'A2']);
    expect(out.buttons[0]!.link).toEqual({ type: 'CREATIVE_BLOCK', url: 'A2' });
    expect(renameCampaignPages(linked, { B1: null, C1: null })).toMatchObject({
      effectivePages: ['A1'],
      buttons: [{ link: { url: 'C1' } }],
    });
  });

  it('is the same object when no page of it moved; other link types are left alone', () => {
    expect(renameCampaignPages(linked, { D1: 'E1', E1: null })).toBe(linked);
    const external = renameCampaignPages(input, { A1: 'A1' });
    expect(external).toBe(input);
    const moved = renameCampaignPages(input, { A1: 'D1' });
    expect(moved.effectivePages).toEqual(['D1', 'B1', 'C1']);
    expect(moved.buttons[0]).toBe(input.buttons[0]);
  });
});
