import { VARIATION_COOKIE, VARIATION_COOKIE_DAYS } from '@swipe/contracts/experiments';
import { cookieValue } from '../../platform/page-answer';
import { pickByShares } from './allocation';
import type { TLiveExperiment } from './experiment-serving';

// Which variation a visitor sees: the one their `variationId` cookie names, if it is one of the
// running experiment's; else the one the page cache drew for the request (when it did not hold
// that variation's page: drawing again would leave a rarely drawn variation never cached); else
// one drawn by the current shares. A variation not kept by the cookie gets the cookie.

export function chosenVariation(
  cookieHeader: string | undefined,
  live: TLiveExperiment,
  opts: { random?: () => number; drawn?: string } = {},
) {
  const kept = cookieHeader === undefined ? null : cookieValue(cookieHeader, VARIATION_COOKIE);
  const known = kept ? live.variations.find((v) => v.id === kept) : undefined;
  if (known) return { variation: known, fresh: false };
  const drawn = opts.drawn ? live.variations.find((v) => v.id === opts.drawn) : undefined;
  if (drawn) return { variation: drawn, fresh: true };
  const i = pickByShares(
    live.variations.map((v) => v.share),
    (opts.random ?? Math.random)(),
  );
  return { variation: live.variations[i]!, fresh: true };
}

/** The cookie that keeps the visitor's variation, for the site's pages under `path`. */
export const variationCookie = (id: string, path: string, secure: boolean) =>
  `${VARIATION_COOKIE}=${id}; Path=${path || '/'}; Max-Age=${VARIATION_COOKIE_DAYS * 86_400}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
