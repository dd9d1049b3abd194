import { PAGE_BACKGROUND, POPUP_CARD, PRODUCT_SHEET, TEXT_SCRIM } from '@swipe/contracts/site-check';
import { describe, expect, it } from 'vitest';
import { CSS } from './styles';

// The pre-publish check judges text contrast against what these rules draw behind the texts:
// a change here that it does not know of would make its warnings wrong.

/** The declarations of the first rule whose selector is exactly `selector`. */
const rule = (selector: string) => {
  const m = new RegExp(`(?:^|\\})${selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\{([^}]*)\\}`).exec(CSS);
  return m?.[1] ?? '';
};

describe('what the pre-publish check assumes of the page', () => {
  it('draws the texts over the scrim it assumes', () => {
    expect(rule('.tx')).toContain(`background:linear-gradient(transparent,${TEXT_SCRIM})`);
    expect(rule('.pg')).toContain(`background:${PAGE_BACKGROUND}`);
  });

  it('draws popup and product buttons on the card and sheet it assumes', () => {
    expect(rule('.pu')).toContain(`background:${POPUP_CARD}`);
    expect(rule('.sh')).toContain(`background:${PRODUCT_SHEET}`);
  });

  it('sizes main text and price as large text (at least 18.66px bold), buttons as normal text', () => {
    expect(rule('.mt')).toMatch(/font-size:clamp\(20px,.*font-weight:700/);
    expect(rule('.pr')).toMatch(/font-size:20px;font-weight:700/);
  });

  it('fits an image button in the text column and 30% of the screen height', () => {
    expect(rule('.bi img')).toContain('max-width:100%');
    expect(rule('.bi img')).toContain('max-height:30vh');
  });
});
