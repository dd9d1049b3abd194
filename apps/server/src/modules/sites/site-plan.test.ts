import { emptyLanguageContent, ZSiteDocument } from '@swipe/contracts/sites';
import { describe, expect, it } from 'vitest';
import { featuresUsed } from './site-plan';

const doc = (over: object = {}) =>
  ZSiteDocument.parse({ name: 'Spring', content: { JP: emptyLanguageContent(1, 1) }, ...over });

describe('the plan features a document uses', () => {
  it('counts the default SEO’s tags as tag settings and the contact recipient as the contact form', () => {
    expect([...featuresUsed(doc()).keys()]).toEqual([]);
    expect([...featuresUsed(doc({ seo: { title: 'Spring' } })).keys()]).toEqual([]);
    const used = featuresUsed(
      doc({
        seo: { body: '<script src="https://cdn.example.com/a.js" defer></script>' },
        contactRecipient: 'sales@example.com',
      }),
    );
    expect(Object.fromEntries(used)).toEqual({
      settingTagSeo: 'document.seo',
      settingFormContact: 'document.contact_recipient',
    });
  });
});
