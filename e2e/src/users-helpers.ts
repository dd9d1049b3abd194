import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/seed';
import { signIn, type TProduct } from './harness';

// Steps the user-management journeys share.

const isStaffPrefix = (prefix: string) => prefix === 'master' || prefix === 'admin';

/**
 * Where a signed-in user lands (`/{prefix}` opens it too): the summary for the platform and OEM
 * staff (prefixes master and admin, their sub-admins included), the site list for creators
 * (master-user and admin-user).
 */
export function landingPathOf(prefix: string): string {
  return `/${prefix}/${isStaffPrefix(prefix) ? 'summary' : 'site-list'}`;
}

/** The page a prefix lands on, once shown: the summary or the site list. */
export const landingPage = (page: Page, prefix: string) =>
  page.getByTestId(isStaffPrefix(prefix) ? 'summary-page' : 'site-list-page');

/** Waits until the page is on the landing page of a prefix (`landing`: another address expected). */
export async function waitForLanding(page: Page, prefix: string, landing = landingPathOf(prefix)) {
  await page.waitForURL((url) => url.pathname === landing);
}

/** Signs in and waits for the role's landing page. */
export async function signInAs(
  page: Page,
  email: string,
  prefix: string,
  password = DEMO_PASSWORD,
  landing = landingPathOf(prefix),
) {
  await signIn(page, email, password);
  await waitForLanding(page, prefix, landing);
}

/** Opens My account from the side menu (not by URL: the entry must be offered). */
export async function openMyAccount(page: Page, prefix: string) {
  await page.getByTestId('side-menu').getByTestId('menu-my-account').click();
  await page.waitForURL((url) => url.pathname === `/${prefix}/my-account`);
  await page.getByTestId('account-page').waitFor();
}

/**
 * Signs the master in once for a whole file (sign-in is rate limited per minute) and returns an
 * opener of new tabs of that session, each on the master's My account page.
 */
export async function masterSession(product: TProduct): Promise<() => Promise<Page>> {
  const first = await product.newPage();
  await signInAs(first, 'master@example.com', 'master');
  const context = first.context();
  await first.close();
  return async () => {
    const page = await context.newPage();
    await page.goto('/master/my-account');
    await page.getByTestId('account-page').waitFor();
    return page;
  };
}

/** Opens the user list from the side menu (not by URL: the entry must be offered). */
export async function openUserList(page: Page) {
  await page.getByTestId('side-menu').getByTestId('menu-user-list').click();
  await page.getByTestId('user-list-page').waitFor();
  await page.getByTestId('user-row').first().or(page.getByTestId('user-list-empty')).waitFor();
}

/** The emails of the rows on screen once the list has settled after a search or filter. */
export async function rowEmails(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  return page
    .getByTestId('user-row')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-email') ?? ''));
}

export async function openUser(page: Page, email: string) {
  // A table row navigates on click like its link; on phones the row is the link.
  await page.locator(`[data-testid="user-row"][data-email="${email}"]`).first().click();
  await page.getByTestId('user-detail-page').waitFor();
}

/** Picks the plan whose label starts with a name ("Standard —") in a plan select. */
export async function selectPlan(page: Page, testId: string, name: string) {
  const select = page.getByTestId(testId);
  await select.locator('option').nth(1).waitFor({ state: 'attached' });
  const value = await select
    .locator('option')
    .evaluateAll(
      (options, wanted) =>
        (options as HTMLOptionElement[]).find((o) => o.textContent?.startsWith(`${wanted} —`))?.value ?? '',
      name,
    );
  if (!value) throw new Error(`no plan option named ${name}`);
  await select.selectOption(value);
}

export const toastText = (page: Page) =>
  page.locator('.mantine-Notification-description').first().innerText();

/** The first password of a welcome mail, in any of the four languages. */
export function firstPasswordOf(text: string): string {
  const m = /(?:First password|初期パスワード|初始密码|초기 비밀번호)\s*[:：]\s*(\S+)/.exec(text);
  if (!m?.[1]) throw new Error(`no first password in the mail:\n${text}`);
  return m[1];
}
