import type { TSiteDocument, TSiteLanguage } from '@swipe/contracts/sites';
import type { TAppContext } from '../../platform/context';
import { notFound, unauthenticated } from '../../platform/errors';
import { publicButtons } from '../end-user/end-user-site.service';
import { publishedSite } from '../site-core/live-site';
import { mediaUrls } from '../site-core/site-media';
import { memberOfToken } from './members.service';

// Members-only content needs membership and an end-user sign-in, and is read through separate
// private endpoints: the private reads answer what the public ones do, with the
// members-only pages opened, for a signed-in member of THAT site only. Anyone else gets a 401
// (on a 401 the visitor's client forgets its token).

/** The site, after checking the token names a live session of one of its members. */
async function memberSite(
  ctx: TAppContext,
  opts: { siteId: string; token: string | null; lang?: TSiteLanguage },
) {
  const published = await publishedSite(ctx, opts);
  const member = await memberOfToken(ctx, { siteId: published.site.id, token: opts.token });
  if (!member) throw unauthenticated();
  return published;
}

const mediaOf = (ctx: TAppContext, accountId: string, doc: TSiteDocument) =>
  mediaUrls(ctx.db, { accountId, doc, publicUrl: (key) => ctx.storage.publicUrl(key) });

/** One page of the grid, members-only or not, with the files it names. */
export async function privatePage(
  ctx: TAppContext,
  opts: { siteId: string; pageId: string; lang?: TSiteLanguage; token: string | null },
) {
  const { site, doc, lang, content } = await memberSite(ctx, opts);
  const creative = content.creatives.find((c) => c.coordinate === opts.pageId);
  if (!creative) throw notFound();
  const { products: _products, ...rest } = creative;
  const media = await mediaOf(ctx, site.accountId, {
    ...doc,
    logo: null,
    favicon: null,
    content: { [lang]: { ...content, creatives: [creative] } },
  });
  return { locked: false as const, coordinate: creative.coordinate, lang, creative: rest, media };
}

/** The product hotspots of a page, members-only pages' included. */
export async function privateProducts(
  ctx: TAppContext,
  opts: { siteId: string; pageId: string; lang?: TSiteLanguage; token: string | null },
) {
  const { site, doc, lang, content } = await memberSite(ctx, opts);
  const creative = content.creatives.find((c) => c.coordinate === opts.pageId);
  if (!creative) throw notFound();
  const media = await mediaOf(ctx, site.accountId, {
    ...doc,
    logo: null,
    favicon: null,
    content: { [lang]: { ...content, creatives: [{ ...creative, media: null }] } },
  });
  return { coordinate: creative.coordinate, products: creative.products, media };
}

/** The popup CTAs' numbers, as the public read answers them, for a signed-in member. */
export async function privateButtons(ctx: TAppContext, opts: { siteId: string; token: string | null }) {
  await memberSite(ctx, opts);
  return publicButtons(ctx, { siteId: opts.siteId });
}
