import type { TRoutePrefix } from '@swipe/contracts/roles';
import type { TSiteSummary } from '@swipe/contracts/site-api';
import type { TSiteStatus } from '@swipe/contracts/sites';

// Small presentation rules of the site list, kept pure so they are unit-tested.

export const SITE_STATUS_COLORS: Record<TSiteStatus, string> = {
  DRAFT: 'gray',
  PUBLISH: 'teal',
  PRIVATE: 'orange',
  DOMAIN_VERIFYING: 'blue',
  EXPIRED: 'red',
};

export type TDomainStatus = TSiteSummary['domainStatus'];

export const DOMAIN_STATUS_COLORS: Record<TDomainStatus, string> = {
  NONE: 'gray',
  VERIFYING: 'blue',
  VERIFIED: 'teal',
  FAILED: 'red',
};

/** Statuses under which visitors reach the site (the server's LIVE_STATUSES). */
export const isLive = (status: TSiteStatus) => status === 'PUBLISH' || status === 'DOMAIN_VERIFYING';

/** The address to open in a new tab, only when it is a web address (never javascript: and co). */
export function openableUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The console addresses the site list links to. */
export function sitePaths(prefix: TRoutePrefix) {
  const base = `/${prefix}`;
  return {
    list: (accountId?: string) =>
      accountId ? `${base}/site/list/${encodeURIComponent(accountId)}` : `${base}/site-list`,
    create: (accountId?: string) =>
      accountId ? `${base}/create-site?account=${encodeURIComponent(accountId)}` : `${base}/create-site`,
    edit: (siteId: string) => `${base}/site/${encodeURIComponent(siteId)}`,
    analytics: (siteId: string) => `${base}/analytics?site=${encodeURIComponent(siteId)}`,
  };
}
