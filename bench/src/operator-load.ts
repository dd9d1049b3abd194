import { addDays, jstToday } from '@swipe/contracts/analytics';
import type { TProduct } from './product';

// What an operator's console asks while it is open on the demo site: the 30-day swipe
// analysis and overview, and the site and member lists, as the demo site's owner (user@). Used as
// background load by the serving scenarios (the page under load, memory).

export const OPERATOR_LOGIN = 'user@example.com';
export const SITE_PATH = '/sites/hinode-autumn/';

export interface TOperatorLoad {
  token: string;
  siteId: string;
  /** The console's API paths asked in turn. */
  paths: string[];
  /** Headers of every request (the console's origin, the operator's token). */
  headers: Record<string, string>;
  /** Each path asked once: its status and time (ms). */
  firstAnswers: { path: string; status: number; ms: number }[];
}

/** Signs in the demo operator, finds the demo site and checks every path answers 200. */
export async function operatorLoad(product: TProduct): Promise<TOperatorLoad> {
  const token = await product.login(OPERATOR_LOGIN);
  const sites = await product.api('/api/site?page_size=100', { token });
  const items = ((sites.json as { data?: unknown[] }).data ?? []) as { id: string }[];
  const site = items.find((s) => JSON.stringify(s).includes('hinode-autumn'));
  if (sites.status !== 200 || !site)
    throw new Error(`the demo site is not in ${OPERATOR_LOGIN}'s site list (${sites.status})`);
  const to = jstToday();
  const from = addDays(to, -29);
  const period = `from=${from}&to=${to}`;
  const paths = [
    `/api/analysis/sites/${site.id}/pages?${period}`,
    '/api/site',
    `/api/analysis/sites/${site.id}/overview?${period}`,
    `/api/site-member/${site.id}`,
  ];
  const firstAnswers: TOperatorLoad['firstAnswers'] = [];
  for (const p of paths) {
    const started = performance.now();
    const res = await product.api(p, { token });
    firstAnswers.push({ path: p, status: res.status, ms: performance.now() - started });
    if (res.status !== 200) throw new Error(`GET ${p} answered ${res.status}: ${JSON.stringify(res.json)}`);
  }
  return {
    token,
    siteId: site.id,
    paths,
    headers: { host: product.consoleHost, authorization: `Bearer ${token}` },
    firstAnswers,
  };
}
