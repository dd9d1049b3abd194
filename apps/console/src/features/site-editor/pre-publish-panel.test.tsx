import { MantineProvider } from '@mantine/core';
import { emptyLanguageContent, type TSiteDocument, ZLink, ZSiteDocument } from '@swipe/contracts/sites';
import { createInstance } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import en from './i18n/en.json';
import ja from './i18n/ja.json';
import { PrePublishPanel } from './pre-publish-panel';

// What the panel says, in the page's markup: every finding named by language and page in a list
// under a worded severity, or that all is well.

async function render(doc: TSiteDocument, lang: 'en' | 'ja' = 'en') {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: lang,
    resources: { en: { translation: en }, ja: { translation: ja } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <PrePublishPanel doc={doc} onGo={() => {}} />
      </MantineProvider>
    </I18nextProvider>,
  );
}

function site(): TSiteDocument {
  const doc = ZSiteDocument.parse({
    name: 'Spring',
    numberVertical: 1,
    numberHorizontal: 2,
    languages: ['EN'],
    defaultLanguage: 'EN',
    content: { EN: emptyLanguageContent(1, 2) },
  });
  doc.content.EN!.seo.title = 'Spring';
  for (const c of doc.content.EN!.creatives) {
    c.media = { assetId: `a-${c.coordinate}`, kind: 'IMAGE' };
    c.imageAlt = 'A dress';
  }
  return doc;
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('PrePublishPanel', () => {
  it('says everything looks fine when nothing is found', async () => {
    expect(text(await render(site()))).toContain('Everything looks fine.');
  });

  it('lists errors and warnings under worded headings, each finding with its place and a Go button', async () => {
    const doc = site();
    doc.content.EN!.creatives[1]!.imageAlt = '';
    doc.content.EN!.creatives[0]!.linkButtonText = 'Buy';
    doc.content.EN!.creatives[0]!.link = ZLink.parse({ kind: 'EXTERNAL', url: 'https://example.com' });
    doc.content.EN!.creatives[0]!.membersOnlyLock = true;
    doc.content.EN!.forms.MEMBERSHIP_SETTING = [];
    const html = await render(doc);
    const words = text(html);
    expect(words).toContain('1 error');
    expect(words).toContain('2 warnings');
    expect(words).toContain('English · B1 : No alternative text for the image.');
    expect(words).toContain(
      'English · A1 : Button text on the button colour: contrast 1.76:1, AA needs 4.5:1.',
    );
    expect(words).toContain('English · A1 : Members-only pages (A1)');
    expect(html.match(/<ul[^>]*role="list"/g)).toHaveLength(3);
    expect(html.match(/<li/g)).toHaveLength(3);
    expect(html.match(/>Go</g)).toHaveLength(3);
    // Errors come first.
    expect(words.indexOf('1 error')).toBeLessThan(words.indexOf('2 warnings'));
  });

  it('speaks the UI language', async () => {
    const doc = site();
    doc.content.EN!.seo.title = '';
    expect(text(await render(doc, 'ja'))).toContain('英語 : SEO タイトルがなく');
  });
});
