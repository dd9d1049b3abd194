import { escapeInlineScript, scriptParses } from '@swipe/contracts/button-script';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { campaigns } from '../../db/schema/campaigns';
import { sites } from '../../db/schema/sites';
import type { TAppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { LIVE_STATUSES } from '../site-core/site-access';

// A SCRIPT item's code (it runs only if it parses), served as a tiny HTML document that the
// published page loads into a hidden <iframe sandbox="allow-scripts"> on each click of the item.
// The page itself never runs a campaign's code (its CSP allows only the runtime and, each by its
// hash, the site's own button scripts; user code runs only in a sandbox); the frame's document gets
// its own CSP whose `sandbox` gives it an opaque origin even when opened on its own: no cookies, no
// storage, no access to the page or the API with the visitor's credentials.

/** The CSP of a script document: sandboxed (opaque origin), inline code and https scripts only. */
export const SCRIPT_CSP = [
  'sandbox allow-scripts allow-popups',
  "default-src 'none'",
  "script-src 'unsafe-inline' https:",
  'img-src https: data:',
  'connect-src https:',
  "frame-ancestors 'self'",
].join('; ');

/**
 * The document that runs `code`, or null when it cannot run (it does not parse, before or after
 * escaping). The code is the body of a function: it parses with a `return` outside any function
 * (scriptParses), and its names stay its own.
 */
export function scriptDocument(code: string): string | null {
  const escaped = escapeInlineScript(code);
  if (!scriptParses(code) || !scriptParses(escaped)) return null;
  // A newline before the end: the code may close with a line comment.
  return `<!doctype html><meta charset=utf-8><script>(function(){\n${escaped}\n})()</script>`;
}

/** The document of a SCRIPT item of a campaign of a live site; not found otherwise. */
export async function campaignScriptDocument(
  ctx: TAppContext,
  opts: { campaignId: string; itemId: string },
): Promise<string> {
  const [row] = await ctx.db
    .select({ document: campaigns.document })
    .from(campaigns)
    .innerJoin(sites, eq(sites.id, campaigns.siteId))
    .where(
      and(
        eq(campaigns.id, opts.campaignId),
        inArray(sites.status, [...LIVE_STATUSES]),
        isNotNull(sites.published),
      ),
    )
    .limit(1);
  const item = row && [...row.document.banners, ...row.document.buttons].find((i) => i.id === opts.itemId);
  const html = item?.link.type === 'SCRIPT' ? scriptDocument(item.link.url) : null;
  if (!html) throw notFound();
  return html;
}
