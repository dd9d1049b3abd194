import { ZCampaignInput } from '@swipe/contracts/campaigns';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  campaignName,
  campaignStatus,
  draftErrors,
  duplicateOf,
  emptyCampaign,
  firstItemWithError,
  forSave,
  newBanner,
  newButton,
  nudgeOf,
  resizeBox,
  restack,
  snapBox,
  snapResize,
  stackOf,
} from './campaign-draft';

const ASSET = { assetId: '7f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e5f', kind: 'IMAGE' as const };

describe('campaign draft', () => {
  it('starts as a valid campaign once named, with every page and 30 days', () => {
    const d = emptyCampaign(['A1', 'B1'], '2026-10-01');
    expect(d.endDate).toBe('2026-10-31');
    expect(d.effectivePages).toEqual(['A1', 'B1']);
    expect(draftErrors(d, 'en')).toHaveProperty('names');
    d.names.JP = '秋';
    expect(draftErrors(d, 'en')).toEqual({});
    expect(ZCampaignInput.safeParse(forSave(d)).success).toBe(true);
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-20', 30)).toBe('2027-01-19');
  });

  it('refuses a script that does not parse and an end before the start', () => {
    const d = emptyCampaign(['A1'], '2026-10-01');
    d.names.EN = 'Fair';
    const b = newButton(d, 'Go');
    b.link = { type: 'SCRIPT', url: 'alert(' };
    d.buttons = [b];
    d.endDate = '2026-09-30';
    const errors = draftErrors(d, 'en');
    expect(Object.keys(errors).sort()).toEqual(['buttons.0.link.url', 'endDate']);
    expect(firstItemWithError(errors, d)).toEqual({ kind: 'button', id: b.id });
    d.buttons[0]!.link.url = 'console.log(1)';
    d.endDate = '2026-10-01';
    expect(draftErrors(d, 'en')).toEqual({});
  });

  it('names a campaign in the UI language, else the first one given', () => {
    const c = { names: { JP: '秋の予約', EN: '', KR: '', CN: '' } };
    expect(campaignName(c, 'ja')).toBe('秋の予約');
    expect(campaignName(c, 'en', ['EN', 'JP'])).toBe('秋の予約');
    expect(campaignName({ names: { ...c.names, EN: 'Autumn' } }, 'en')).toBe('Autumn');
  });

  it('is scheduled, active (both days included, JST) or ended', () => {
    const c = { startDate: '2026-10-01', endDate: '2026-10-31' };
    expect(campaignStatus(c, '2026-09-30')).toBe('scheduled');
    expect(campaignStatus(c, '2026-10-01')).toBe('active');
    expect(campaignStatus(c, '2026-10-31')).toBe('active');
    expect(campaignStatus(c, '2026-11-01')).toBe('ended');
  });

  it('duplicates with a suffix kept within the name limit', () => {
    const d = emptyCampaign(['A1'], '2026-10-01');
    d.names.JP = 'x'.repeat(50);
    d.names.EN = 'Fair';
    const copy = duplicateOf(d, ' (copy)');
    expect(copy.names.EN).toBe('Fair (copy)');
    expect(copy.names.JP).toHaveLength(50);
    expect(copy.names.KR).toBe('');
    expect(ZCampaignInput.safeParse(copy).success).toBe(true);
  });
});

describe('geometry', () => {
  it('snaps edges and centres within 6 px, with guides', () => {
    expect(snapBox({ x: 4, y: 300, width: 100, height: 40 })).toMatchObject({ x: 0, guides: { v: [0] } });
    // Centre: 389 / 2 = 194.5; a 100 px box centred starts at 144.5.
    const c = snapBox({ x: 141, y: 100, width: 100, height: 40 });
    expect(c.guides.v).toEqual([194.5]);
    expect(snapBox({ x: 286, y: 695, width: 100, height: 40 })).toMatchObject({
      x: 289,
      y: 697,
      guides: { v: [389], h: [737] },
    });
    expect(snapBox({ x: 50, y: 50, width: 10, height: 10 }).guides).toEqual({ v: [], h: [] });
  });

  it('resizes from a corner, keeping the ratio when locked', () => {
    const start = { x: 10, y: 10, width: 200, height: 100 };
    expect(resizeBox(start, 'se', 20, 5, false)).toEqual({ x: 10, y: 10, width: 220, height: 105 });
    expect(resizeBox(start, 'se', 20, 5, true)).toEqual({ x: 10, y: 10, width: 220, height: 110 });
    expect(resizeBox(start, 'nw', 20, 0, true)).toEqual({ x: 30, y: 20, width: 180, height: 90 });
    expect(resizeBox(start, 'sw', 500, 0, false).width).toBe(8);
  });

  it('snaps the edges a corner drag moves to the frame’s edges and centre, with guides', () => {
    const start = { x: 10, y: 10, width: 200, height: 100 };
    // The right edge 3 px short of the frame's right edge (389); the bottom one nowhere near a line.
    expect(snapResize(start, 'se', 176, 5, false)).toEqual({
      box: { x: 10, y: 10, width: 379, height: 105 },
      guides: { v: [389], h: [] },
    });
    // The left and top edges to the frame's; the right and bottom ones stay where they were.
    expect(snapResize({ x: 10, y: 9, width: 100, height: 40 }, 'nw', -7, -5, false)).toEqual({
      box: { x: 0, y: 0, width: 110, height: 49 },
      guides: { v: [0], h: [0] },
    });
    // The centre line (194.5) and the bottom edge (737).
    expect(snapResize({ x: 100, y: 600, width: 90, height: 100 }, 'se', 3, 35, false)).toEqual({
      box: { x: 100, y: 600, width: 95, height: 137 },
      guides: { v: [194.5], h: [737] },
    });
    // Locked: the snapped side sets the size, the ratio the other.
    expect(snapResize(start, 'se', 176, 0, true)).toEqual({
      box: { x: 10, y: 10, width: 379, height: 190 },
      guides: { v: [389], h: [] },
    });
    // Far from every line: the plain resize, no guide.
    expect(snapResize(start, 'se', 20, 5, false)).toEqual({
      box: resizeBox(start, 'se', 20, 5, false),
      guides: { v: [], h: [] },
    });
    // A line that would make the box smaller than the minimum is no target.
    expect(snapResize({ x: 190, y: 10, width: 50, height: 50 }, 'se', -42, 0, false).box.width).toBe(8);
  });

  it('nudges 1 px, 10 px with Shift', () => {
    expect(nudgeOf('ArrowLeft', false)).toEqual([-1, 0]);
    expect(nudgeOf('ArrowDown', true)).toEqual([0, 10]);
    expect(nudgeOf('a', false)).toBeNull();
  });

  it('orders items by z-index and moves one up or down', () => {
    let d = emptyCampaign(['A1'], '2026-10-01');
    const banner = newBanner(d, ASSET, { width: 200, height: 100 });
    d = { ...d, banners: [banner] };
    const button = newButton(d, 'Go');
    d = { ...d, buttons: [button] };
    expect(banner.height).toBe(Math.round(banner.width / 2));
    expect(stackOf(d).map((s) => s.kind)).toEqual(['banner', 'button']);
    d = restack(d, { kind: 'banner', id: banner.id }, 1);
    expect(stackOf(d).map((s) => s.kind)).toEqual(['button', 'banner']);
    expect(restack(d, { kind: 'banner', id: banner.id }, 1)).toBe(d);
  });
});
