import { emptyLanguageContent, type TSiteDocument, ZSiteDocument } from '@swipe/contracts/sites';
import { agreementOf, formFieldViews } from '@swipe/contracts/visitor-forms';
import { describe, expect, it } from 'vitest';
import { renderVisitorPage, type TVisitorPageInput, visitorRoot } from './visitor-page';

function site(): TSiteDocument {
  const doc = ZSiteDocument.parse({
    name: 'Autumn',
    numberVertical: 1,
    numberHorizontal: 2,
    languages: ['JP', 'EN'],
    content: { JP: emptyLanguageContent(1, 2), EN: emptyLanguageContent(1, 2) },
  });
  const en = doc.content.EN!;
  en.forms.CONTACT_SETTING.push(
    {
      typeInput: 'SELECT',
      title: 'Topic',
      isRequired: true,
      placeholder: '',
      options: [{ value: 'Price' }, { value: 'Stock' }],
      builtIn: null,
    },
    {
      typeInput: 'SELECT_OPTIONS',
      title: 'Colours',
      isRequired: false,
      placeholder: '',
      options: [{ value: 'Red' }, { value: 'Blue' }],
      builtIn: null,
    },
  );
  en.company.agreementRequired = true;
  en.company.termsOfService = 'Terms <b>bold</b>';
  return doc;
}

const contactInput = (doc: TSiteDocument, over: Partial<TVisitorPageInput> = {}): TVisitorPageInput => ({
  doc,
  lang: 'EN',
  basePath: '/sites/abc',
  logoUrl: null,
  member: null,
  page: 'contact',
  view: {
    kind: 'contact',
    fields: formFieldViews(doc.content.EN!, 'CONTACT_SETTING'),
    agreement: agreementOf(doc.content.EN!, 'CONTACT_SETTING'),
    values: { email: '"><script>alert(1)</script>', f3: ['Blue'] },
    agreed: false,
    errors: { email: 'Invalid email address.', agree: 'Please agree.' },
    requestKey: 'key-key-key-key',
  },
  ...over,
});

describe('visitor pages', () => {
  it('renders the creator form with every field, posting to itself, visitor text escaped', () => {
    const html = renderVisitorPage(contactInput(site()));
    expect(html).toContain('action="/sites/abc/en/contact"');
    expect(html).toContain('name="company_name"');
    expect(html).toContain('<select id="f-f2" name="f2"');
    expect(html).toContain('id="f-f3-1" name="f3" checked="" value="Blue"');
    expect(html).toContain('id="f-f3-0" name="f3" value="Red"/>');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('&quot;&gt;&lt;script&gt;');
    expect(html).toContain('Terms &lt;b&gt;bold&lt;/b&gt;');
    expect(html).toContain('name="request_key" value="key-key-key-key"');
    expect(html).toContain('lang="en"');
  });

  it('shows each message next to its field and marks the field invalid', () => {
    const html = renderVisitorPage(contactInput(site()));
    expect(html).toMatch(/id="f-email"[^>]*aria-invalid="true"[^>]*aria-describedby="e-email"/);
    expect(html).toContain('<p class="er" id="e-email">Invalid email address.</p>');
    expect(html).toContain('<p class="er" id="e-agree">Please agree.</p>');
    expect(html).toContain('role="alert">Please check the highlighted fields.');
  });

  it('builds addresses for the default language, another language and a custom domain', () => {
    const doc = site();
    expect(visitorRoot({ doc, basePath: '/sites/abc' }, 'JP')).toBe('/sites/abc');
    expect(visitorRoot({ doc, basePath: '/sites/abc' }, 'EN')).toBe('/sites/abc/en');
    expect(visitorRoot({ doc, basePath: '' }, 'JP')).toBe('');
    expect(visitorRoot({ doc, basePath: '' }, 'EN')).toBe('/en');
    const html = renderVisitorPage(
      contactInput(doc, { basePath: '', page: 'survey', query: { id: 'x' }, view: { kind: 'form-success' } }),
    );
    expect(html).toContain('href="/survey?id=x"');
    expect(html).toContain('href="/en/survey?id=x"');
    expect(html).toContain('within 24 hours');
  });

  it('shows the signed-in member with a sign-out form, and the score of a survey', () => {
    const html = renderVisitorPage(
      contactInput(site(), {
        member: { email: 'm@example.com' },
        view: {
          kind: 'survey-result',
          title: 'Skin check',
          totalScore: 12,
          maxScore: 20,
          resultText: 'Nice',
        },
      }),
    );
    expect(html).toContain('action="/sites/abc/en/logout"');
    expect(html).toContain('m@example.com');
    expect(html).toContain('data-score="12">12</b><small>/ 20</small>');
  });
});
