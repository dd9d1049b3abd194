import { checkSite, type TSiteFinding } from '@swipe/contracts/site-check';
import { emptyLanguageContent, ZSiteDocument } from '@swipe/contracts/sites';
import { describe, expect, it } from 'vitest';
import { findingPlace, groupFindings } from './pre-publish';
import { publishBlocked } from './publish-check';

const finding = (f: Partial<TSiteFinding> & Pick<TSiteFinding, 'code' | 'path'>): TSiteFinding => ({
  severity: 'warning',
  params: {},
  ...f,
});

describe('the pre-publish panel’s grouping', () => {
  it('groups one severity by rule, in the rules’ order, leaving out empty rules', () => {
    const findings = [
      finding({ code: 'seoTitleMissing', path: 'content.EN.seo.title', lang: 'EN' }),
      finding({ code: 'altMissing', path: 'content.EN.creatives.0.imageAlt', lang: 'EN', page: 'A1' }),
      finding({ severity: 'error', code: 'emptyLanguage', path: 'content.KR.creatives', lang: 'KR' }),
      finding({ code: 'altMissing', path: 'content.JP.creatives.1.imageAlt', lang: 'JP', page: 'B1' }),
    ];
    expect(groupFindings(findings, 'warning').map((g) => [g.code, g.findings.map((f) => f.path)])).toEqual([
      ['altMissing', ['content.EN.creatives.0.imageAlt', 'content.JP.creatives.1.imageAlt']],
      ['seoTitleMissing', ['content.EN.seo.title']],
    ]);
    expect(groupFindings(findings, 'error').map((g) => g.code)).toEqual(['emptyLanguage']);
    expect(groupFindings([], 'error')).toEqual([]);
  });

  it('names where a finding is: language and page, product, popup, logo or favicon', () => {
    expect(
      findingPlace(
        finding({ code: 'altMissing', path: 'content.EN.creatives.4.imageAlt', lang: 'EN', page: 'B2' }),
      ),
    ).toEqual({
      lang: 'EN',
      page: 'B2',
    });
    expect(
      findingPlace(
        finding({
          code: 'lowContrast',
          path: 'content.JP.creatives.0.products.2.linkTextColor',
          lang: 'JP',
          page: 'A1',
        }),
      ),
    ).toEqual({ lang: 'JP', page: 'A1', product: 3 });
    expect(findingPlace(finding({ code: 'lowContrast', path: 'popupCtas.timeLimit.linkTextColor' }))).toEqual(
      {
        popup: 'timeLimit',
      },
    );
    expect(
      findingPlace(
        finding({ code: 'imageOversized', path: 'popupCtas.applicantLimit.texts.KR.image', lang: 'KR' }),
      ),
    ).toEqual({ lang: 'KR', popup: 'applicantLimit' });
    expect(findingPlace(finding({ code: 'imageOversized', path: 'favicon' }))).toEqual({ asset: 'favicon' });
  });
});

describe('publishBlocked', () => {
  const doc = () =>
    ZSiteDocument.parse({
      name: 'Spring',
      numberVertical: 1,
      numberHorizontal: 1,
      languages: ['JP'],
      content: { JP: emptyLanguageContent(1, 1) },
    });

  it('blocks on errors only, as the server does', () => {
    const d = doc();
    expect(publishBlocked(d)).toBe(true);
    d.content.JP!.creatives[0]!.media = { assetId: 'a', kind: 'IMAGE' };
    // Left with warnings (no alt text, no SEO title): publishing goes ahead.
    expect(checkSite(d).map((f) => f.severity)).toEqual(['warning', 'warning']);
    expect(publishBlocked(d)).toBe(false);
  });
});
