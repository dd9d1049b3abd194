import { z } from 'zod';
import { envelope } from './envelope';
import { ZSiteLanguage } from './sites';

// Templates: the starter sites of the create-site screen. Each is a whole multi-page
// site (its pages' generated images, texts, buttons, menu and SEO in Japanese and English);
// POST /api/site with `templateId` makes a new draft of one (site-api.ts).

/** What a starter site is for: one template of each today. */
export const SITE_TEMPLATE_CATEGORIES = [
  'PRODUCT_LAUNCH',
  'EVENT',
  'RECRUITMENT',
  'RESTAURANT',
  'APP_INSTALL',
  'LEAD_MAGNET',
] as const;
export type TSiteTemplateCategory = (typeof SITE_TEMPLATE_CATEGORIES)[number];

/** A template's id as the API takes it: lower-case words joined by hyphens ('product-launch'). */
export const zSiteTemplateId = () =>
  z
    .string()
    .trim()
    .max(64, 'siteTemplates.unknown')
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'siteTemplates.unknown');

// GET /api/site-templates — the gallery: names and descriptions in the caller's UI language.
export const ZSiteTemplate = z.object({
  id: z.string(),
  category: z.enum(SITE_TEMPLATE_CATEGORIES),
  name: z.string(),
  description: z.string(),
  /** Pages of the grid (rows x columns). */
  pages: z.number().int(),
  rows: z.number().int(),
  columns: z.number().int(),
  /** The site languages it is written in; a plan without multiple languages gets the default only. */
  languages: z.array(ZSiteLanguage),
  defaultLanguage: ZSiteLanguage,
  /** Its brand colour (the cards' accent). */
  colour: z.string(),
  /** A picture of its first pages, in the content language closest to the caller's. */
  previewUrl: z.string(),
});
export type TSiteTemplate = z.infer<typeof ZSiteTemplate>;
export const ZSiteTemplatesResponse = envelope(z.array(ZSiteTemplate));
