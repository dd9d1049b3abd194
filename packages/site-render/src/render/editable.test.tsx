/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { emptyLanguageContent, type TSiteDocument, ZSiteDocument } from '@swipe/contracts/sites';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Header } from './chrome';
import type { TRenderInput } from './model';
import { Popup } from './overlays';
import { Page } from './page';
import { languagePath, type TCtx } from './parts';
import { renderSitePage } from './site-page';
import { TEXTS } from './texts';

// The console's live canvas draws a page with the components of the published one, with
// `editable` set: the elements a creator edits then name their field (`data-edit`). Publishing
// never sets it, and the flag adds that attribute and nothing else.

const IMAGE = '11111111-1111-4111-8111-111111111111';

function site(): TSiteDocument {
  const doc = ZSiteDocument.parse({
    name: 'Autumn',
    numberVertical: 2,
    numberHorizontal: 2,
    languages: ['JP', 'EN'],
    content: { JP: emptyLanguageContent(2, 2), EN: emptyLanguageContent(2, 2) },
  });
  for (const lang of doc.languages) {
    const c = doc.content[lang]!;
    for (const cr of c.creatives) {
      cr.media = { assetId: IMAGE, kind: 'IMAGE' };
      cr.mainText = `${lang} text ${cr.coordinate}`;
      cr.price = '¥1,000';
      cr.linkButtonText = 'Go';
      cr.link = {
        kind: 'EXTERNAL',
        internalTarget: null,
        url: 'https://example.com/buy',
        surveyId: null,
        page: null,
        popup: null,
        script: '',
      };
      cr.products = [
        {
          productName: 'Gift box',
          image: null,
          price: 1280,
          description: 'Tasty',
          linkButtonText: 'Buy',
          link: {
            kind: 'EXTERNAL',
            internalTarget: null,
            url: 'https://example.com/p',
            surveyId: null,
            page: null,
            popup: null,
            script: '',
          },
          linkButtonColor: '#2BAA50',
          linkTextColor: '#FFFFFF',
          coordinateX: 100,
          coordinateY: 300,
          textColor: '#000000',
          backgroundColor: '#FFFFFF',
        },
      ];
    }
    c.sns = [{ snsType: 'instagram', snsUrl: 'https://instagram.com/x' }];
  }
  doc.popupCtas.timeLimit = {
    ...doc.popupCtas.timeLimit,
    enabled: true,
    effectivePages: ['A1'],
    texts: { JP: { image: null, linkButtonText: 'Shop' } },
    link: {
      kind: 'EXTERNAL',
      internalTarget: null,
      url: 'https://example.com/shop',
      surveyId: null,
      page: null,
      popup: null,
      script: '',
    },
  };
  return doc;
}

const input = (doc: TSiteDocument): TRenderInput => ({
  siteId: '22222222-2222-4222-8222-222222222222',
  doc,
  lang: 'JP',
  media: {
    [IMAGE]: {
      kind: 'IMAGE',
      url: '/media/a.png',
      mime: 'image/png',
      width: 780,
      height: 1386,
      variants: [],
    },
  },
  basePath: '/sites/autumn',
  origin: 'https://lp.example.com',
  mode: 'PUBLIC',
  runtimeUrl: '/sites/_runtime/runtime.js',
  eventsUrl: '/api/end-user/events',
});

/** The header, the first page and its popup, as the canvas draws them. */
function canvasMarkup(doc: TSiteDocument, editable: boolean) {
  const base = input(doc);
  const ctx: TCtx = {
    ...base,
    t: TEXTS.JP,
    langRoot: languagePath(base, 'JP').replace(/\/$/, ''),
    ...(editable ? { editable } : {}),
  };
  return renderToStaticMarkup(
    <>
      <Header ctx={ctx} />
      <Page
        ctx={ctx}
        creative={doc.content.JP!.creatives[0]!}
        index={0}
        total={4}
        neighbours={{ right: 'B1', down: 'A2' }}
      />
      <Popup ctx={ctx} kind="timeLimit" cta={doc.popupCtas.timeLimit} />
    </>,
  );
}

describe('the editable flag of the render context', () => {
  it('never reaches a published page', () => {
    expect(renderSitePage(input(site())).html).not.toContain('data-edit');
  });

  it('names the fields of the texts, price, button, products and popup button', () => {
    const html = canvasMarkup(site(), true);
    const fields = [...html.matchAll(/data-edit="([^"]+)"/g)].map((m) => m[1]);
    expect(fields).toEqual([
      'mainText',
      'price',
      'linkButtonText',
      'products.0.productName',
      'texts.JP.linkButtonText',
    ]);
    expect(html).toMatch(/<p class="mt"[^>]*data-edit="mainText">JP text A1<\/p>/);
  });

  it('adds that attribute and nothing else: without it, the markup is the published one', () => {
    const doc = site();
    const plain = canvasMarkup(doc, false);
    expect(plain).not.toContain('data-edit');
    expect(canvasMarkup(doc, true).replace(/ data-edit="[^"]*"/g, '')).toBe(plain);
  });
});
