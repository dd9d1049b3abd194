import { gridCoordinates } from '@swipe/contracts/site-grid-rules';
import {
  defaultFormFields,
  type TFormType,
  type TMediaRef,
  type TSiteDocument,
  type TSiteDocumentInput,
  type ZLink,
  ZSiteDocument,
} from '@swipe/contracts/sites';
import type { z } from 'zod';
import type {
  TBilingual,
  TSiteTemplateDef,
  TTemplateField,
  TTemplateLanguage,
  TTemplateLink,
} from './template-types';

// A template's definition made into a site document: the languages asked for (the default first),
// its images by the keys of templateImages, and only the plan features the new site may use.

/** The site's image of one page in one language, and the popup CTA's (the same in every language). */
export const pageImageKey = (coordinate: string, lang: TTemplateLanguage) => `${coordinate}-${lang}`;
export const POPUP_IMAGE_KEY = 'popup';

export type TTemplateBuild = {
  languages: readonly TTemplateLanguage[];
  defaultLanguage: TTemplateLanguage;
  /**
   * Plan features the new site may use; the parts that need a missing one are left out (the popup
   * CTA; the buttons to the contact form and the homepage form).
   */
  features: { popupCta: boolean; contactForms: boolean };
  /** The stored image of a key (pageImageKey, popupImageKey); null leaves the page without one. */
  media: (key: string) => TMediaRef | null;
  now: Date;
};

/** The site's languages in tab order: the default first, then the template's others asked for. */
export function siteLanguages(build: Pick<TTemplateBuild, 'languages' | 'defaultLanguage'>) {
  return [build.defaultLanguage, ...build.languages.filter((l) => l !== build.defaultLanguage)];
}

const PRIVACY: TBilingual = {
  JP: 'お預かりした個人情報は、お問い合わせへの回答とご案内の送付にのみ使用します。',
  EN: 'We use your personal information only to answer you and to send you what you asked for.',
};

type TLinkInput = z.input<typeof ZLink>;

/**
 * The link of a button, or null when the new site may not have it: its plan lacks the forms, or
 * the site has no popup CTA (`popup` false) for it to open.
 */
function link(target: TTemplateLink | undefined, build: TTemplateBuild, popup: boolean): TLinkInput | null {
  switch (target?.kind) {
    case undefined:
      return null;
    case 'EXTERNAL':
      return { kind: 'EXTERNAL', url: target.url };
    case 'PAGE':
      return { kind: 'CREATIVE_BLOCK', page: target.page };
    case 'POPUP':
      return popup ? { kind: 'POPUP_CTA_TRANSITION', popup: 'timeLimit' } : null;
    case 'INTERNAL':
      if (target.target !== 'MEMBERSHIP' && !build.features.contactForms) return null;
      return { kind: 'INTERNAL', internalTarget: target.target };
  }
}

function fields(type: TFormType, extra: TTemplateField[] | undefined, lang: TTemplateLanguage) {
  return [
    ...defaultFormFields(type),
    ...(extra ?? []).map((f) => ({
      typeInput: f.typeInput,
      title: f.title[lang],
      isRequired: f.isRequired ?? false,
      placeholder: f.placeholder?.[lang] ?? '',
      options: (f.options ?? []).map((o) => ({ value: o[lang] })),
    })),
  ];
}

function content(def: TSiteTemplateDef, lang: TTemplateLanguage, build: TTemplateBuild) {
  const coordinates = gridCoordinates(def.rows, def.columns);
  const popup = popupLink(def, build) !== null;
  return {
    creatives: def.pages.map((page, i) => {
      const coordinate = coordinates[i]!;
      const target = link(page.button?.link, build, popup);
      return {
        coordinate,
        media: build.media(pageImageKey(coordinate, lang)),
        // The headline drawn in the image, in one line, for people who cannot see it.
        imageAlt: page.headline[lang].replace(/\s*\n\s*/g, lang === 'JP' ? '' : ' '),
        mainText: page.text[lang],
        price: page.price?.[lang] ?? '',
        linkButtonText: target ? page.button!.text[lang] : '',
        link: target ?? { kind: 'NONE' },
        linkButtonColor: def.palette.button,
        linkTextColor: def.palette.buttonText,
        membersOnlyLock: page.membersOnly ?? false,
      };
    }),
    menus: def.menu.map((m) => ({ name: m.name[lang], target: m.page })),
    seo: { title: def.seo.title[lang], h1: def.seo.title[lang], description: def.seo.description[lang] },
    sns: def.sns ?? [],
    company: {
      companyWebsite: def.company?.website ?? '',
      companyProfile: def.company?.profile[lang] ?? '',
      privacyPolicy: PRIVACY[lang],
    },
    forms: {
      CONTACT_SETTING: fields('CONTACT_SETTING', def.forms?.contact, lang),
      MEMBERSHIP_SETTING: defaultFormFields('MEMBERSHIP_SETTING'),
      HOMEPAGE_SETTING: fields('HOMEPAGE_SETTING', def.forms?.homepage, lang),
    },
  };
}

/** The popup CTA's link, or null when the site has none (no popup in the template or the plan). */
function popupLink(def: TSiteTemplateDef, build: TTemplateBuild): TLinkInput | null {
  return def.popup && build.features.popupCta ? link(def.popup.link, build, false) : null;
}

function popupCtas(def: TSiteTemplateDef, build: TTemplateBuild, languages: TTemplateLanguage[]) {
  const popup = def.popup;
  const target = popupLink(def, build);
  if (!popup || !target) return {};
  return {
    timeLimit: {
      enabled: true,
      texts: Object.fromEntries(
        languages.map((l) => [l, { image: build.media(POPUP_IMAGE_KEY), linkButtonText: popup.button[l] }]),
      ),
      link: target,
      linkButtonColor: def.palette.button,
      linkTextColor: def.palette.buttonText,
      startDate: build.now.toISOString(),
      endDate: new Date(build.now.getTime() + popup.days * 86_400_000).toISOString(),
      effectivePages: popup.pages,
      position: 'BOTTOM' as const,
    },
  };
}

/** The template as a new site's document (checked by ZSiteDocument, so a bad template throws). */
export function templateDocument(def: TSiteTemplateDef, build: TTemplateBuild): TSiteDocument {
  const languages = siteLanguages(build);
  const input: TSiteDocumentInput = {
    name: def.siteName[build.defaultLanguage],
    numberVertical: def.rows,
    numberHorizontal: def.columns,
    defaultLanguage: build.defaultLanguage,
    languages,
    content: Object.fromEntries(languages.map((l) => [l, content(def, l, build)])),
    popupCtas: popupCtas(def, build, languages),
  };
  return ZSiteDocument.parse(input);
}
