import type { TUiLanguage } from '@swipe/contracts/i18n';
import type { TSiteLanguage } from '@swipe/contracts/sites';
import type { TAppContext, TCaller } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { assertEntitlement, planFlagsOf } from '../../platform/plan-access';
import { ownerAccount } from '../site-core/site-access';
import {
  contentLanguageOf,
  removeTemplateImages,
  storeTemplateImages,
} from '../site-templates/site-templates.service';
import { templateDocument } from '../site-templates/template-document';
import { TEMPLATE_LANGUAGES, type TTemplateLanguage } from '../site-templates/template-types';
import { findTemplate } from '../site-templates/templates/catalogue';
import { assertDocumentWithinPlan } from './site-plan';
import { insertSite } from './sites.service';

// POST /api/site with a template id: a new draft of a starter site for the
// account, made to fit its plan. What the plan cannot have is left out rather than refused (the
// second language, the popup CTA, buttons to the contact and homepage forms); one site more and
// the template's pages must still fit, as for any new site.

const fieldError = (
  field: string,
  messageKey: 'siteTemplates.unknown' | 'siteTemplates.languageUnavailable',
) => new AppError(400, 'VALIDATION_FAILED', messageKey, undefined, [{ field, messageKey }]);

export async function createSiteFromTemplate(
  ctx: TAppContext,
  opts: {
    caller: TCaller;
    accountId?: string;
    templateId: string;
    /** Of the template's languages; else by the caller's language (English for English, else Japanese). */
    defaultLanguage?: TSiteLanguage;
    lang: TUiLanguage;
    ip?: string;
  },
) {
  const def = findTemplate(opts.templateId);
  if (!def) throw fieldError('template_id', 'siteTemplates.unknown');
  const defaultLanguage = (opts.defaultLanguage ?? contentLanguageOf(opts.lang)) as TTemplateLanguage;
  if (!TEMPLATE_LANGUAGES.includes(defaultLanguage))
    throw fieldError('default_language', 'siteTemplates.languageUnavailable');
  const account = await ownerAccount(ctx, opts.caller, opts.accountId);
  // The site's plan is its account's (an OEM building for a company works under the company's).
  const flags = await planFlagsOf(ctx.db, { actingRole: 'USER', accountPath: account.path });
  const build = {
    languages: flags.multiLanguage ? TEMPLATE_LANGUAGES : [defaultLanguage],
    defaultLanguage,
    features: { popupCta: flags.settingPopupCta, contactForms: flags.settingFormContact },
    now: new Date(),
  };
  // Refused before any image is drawn: one more site, and the template's pages, within the plan.
  const subject = { actingRole: 'USER', accountPath: account.path };
  await assertEntitlement(ctx, subject, { oneMoreSite: true });
  await assertDocumentWithinPlan(ctx, {
    accountPath: account.path,
    doc: templateDocument(def, { ...build, media: () => null }),
    lang: opts.lang,
  });
  const { refs, assetIds } = await storeTemplateImages(ctx, {
    def,
    languages: build.languages,
    accountId: account.id,
    uploadedBy: opts.caller.userId,
    popup: build.features.popupCta,
  });
  try {
    const detail = await insertSite(ctx, {
      caller: opts.caller,
      account,
      document: templateDocument(def, { ...build, media: (key) => refs.get(key) ?? null }),
      lang: opts.lang,
      ip: opts.ip,
      action: 'sites.created',
      details: { templateId: def.id },
    });
    return { detail, templateName: def.name[opts.lang] };
  } catch (error) {
    // No images of a site that was not made are left in the library.
    await removeTemplateImages(ctx, assetIds);
    throw error;
  }
}
