import type { TUiLanguage } from '@swipe/contracts/i18n';
import { translate } from '@swipe/contracts/messages';
import type { TPlanFlag } from '@swipe/contracts/plans';
import { POPUP_KINDS, type TLink, type TSiteDocument } from '@swipe/contracts/sites';
import { AppError, type TFieldErrorKey } from '../../platform/errors';
import { assertEntitlement, checkEntitlement, type TEntitlementContext } from '../../platform/plan-access';

// Plan limits: a site may not use more pages than its plan allows, nor settings behind plan
// flags it lacks. The plan is that of the site's account (an OEM building for a company works
// under the company's plan), asked through the one entitlement function.

const usesContactForms = (link: TLink) =>
  link.kind === 'INTERNAL' && (link.internalTarget === 'CONTACT' || link.internalTarget === 'FORM');

/** The plan features a document uses, each with the field that uses it first. */
export function featuresUsed(doc: TSiteDocument): Map<TPlanFlag, string> {
  const used = new Map<TPlanFlag, string>();
  const use = (flag: TPlanFlag, field: string) => {
    if (!used.has(flag)) used.set(flag, field);
  };
  if (doc.languages.length > 1) use('multiLanguage', 'document.languages');
  if (doc.domain.customDomain) use('privateDomain', 'document.domain.custom_domain');
  // The default SEO's tags and the contact form's recipient are behind the same flags as a
  // language's tags and the contact form.
  if (doc.seo.head || doc.seo.body) use('settingTagSeo', 'document.seo');
  if (doc.contactRecipient) use('settingFormContact', 'document.contact_recipient');
  for (const kind of POPUP_KINDS)
    if (doc.popupCtas[kind].enabled)
      use(
        'settingPopupCta',
        `document.popup_ctas.${kind === 'timeLimit' ? 'time_limit' : 'applicant_limit'}.enabled`,
      );
  for (const lang of doc.languages) {
    const content = doc.content[lang];
    if (!content) continue;
    if (content.seo.head || content.seo.body) use('settingTagSeo', `document.content.${lang}.seo`);
    content.creatives.forEach((c, i) => {
      if (usesContactForms(c.link)) use('settingFormContact', `document.content.${lang}.creatives.${i}.link`);
      for (const p of c.products)
        if (usesContactForms(p.link))
          use('settingFormContact', `document.content.${lang}.creatives.${i}.products`);
    });
  }
  return used;
}

/** Refuses (403) a document over the plan's page limit or using a feature the plan lacks. */
export async function assertDocumentWithinPlan(
  ctx: TEntitlementContext,
  opts: { accountPath: string; doc: TSiteDocument; lang: TUiLanguage },
) {
  const { accountPath, doc } = opts;
  const subject = { actingRole: 'USER', accountPath };
  await assertEntitlement(ctx, subject, { pages: doc.numberVertical * doc.numberHorizontal });
  const refused: TFieldErrorKey[] = [];
  for (const [feature, field] of featuresUsed(doc)) {
    const answer = await checkEntitlement(ctx, subject, { feature }, { access: 'read' });
    if (!answer.allowed)
      refused.push({
        field,
        messageKey: 'sites.featureUnavailable',
        params: { feature: translate(`sites.feature.${feature}`, opts.lang) },
      });
  }
  if (refused.length > 0)
    throw new AppError(403, 'PLAN_FEATURE_UNAVAILABLE', 'plan.featureUnavailable', undefined, refused);
}
