import { VARIATION_COOKIE, VARIATION_COOKIE_DAYS } from '@swipe/contracts/experiments';
import { cookieValue } from '../../platform/page-cache';
import { pickByShares } from './allocation';
import type { TLiveExperiment } from './experiments.service';

// Which variation a visitor sees: the one their `variationId` cookie names, if it is one of the
// running experiment's; else one drawn by the current shares (and the cookie is set).

export function chosenVariation(
  cookieHeader: string | undefined,
  live: TLiveExperiment,
  random = Math.random,
) {
  const kept = cookieHeader === undefined ? null : cookieValue(cookieHeader, VARIATION_COOKIE);
  const known = kept ? live.variations.find((v) => v.id === kept) : undefined;
  if (known) return { variation: known, fresh: false };
  const i = pickByShares(
    live.variations.map((v) => v.share),
    random(),
  );
  return { variation: live.variations[i]!, fresh: true };
}

/** The cookie that keeps the visitor's variation, for the site's pages under `path`. */
export const variationCookie = (id: string, path: string, secure: boolean) =>
  `${VARIATION_COOKIE}=${id}; Path=${path || '/'}; Max-Age=${VARIATION_COOKIE_DAYS * 86_400}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
