import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Picks a UI language from the switcher by its visible label (English, 日本語, 中文, 한국어). */
export async function switchLanguage(page: Page, label: string) {
  const option = page
    .getByRole('option', { name: label, exact: true })
    .or(page.getByRole('menuitem', { name: label, exact: true }))
    .first();
  // A click that lands while the page is still settling may not open the menu: open it again.
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.getByTestId('language-switcher').click();
    const opened = await option
      .waitFor({ state: 'visible', timeout: 3000 })
      .then(() => true)
      .catch(() => false);
    if (opened) break;
  }
  await option.click();
}

/**
 * An access token of the page's session for calls a test makes itself. The console holds its
 * token in memory only, so the test asks the server, as a reloaded tab would, through the
 * HttpOnly refresh cookie (which rotates).
 */
export const sessionToken = (page: Page) =>
  page.evaluate(async () => {
    const res = await fetch('/api/auth/refresh-token', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-refresh-cookie': '1' },
      body: '{}',
    });
    return res.ok ? ((await res.json()) as { data: { access_token: string } }).data.access_token : null;
  });

/** What the console left in the page's storage, for tests that no token is kept there. */
export const storageText = (page: Page) =>
  page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } }));

/**
 * The critical and serious accessibility violations axe finds on the page as it is now ('id: target'),
 * or only in what `include` selects (a drawer: the page behind its overlay is not for reading).
 */
export async function seriousAxeViolations(page: Page, include?: string): Promise<string[]> {
  // Only the violations are read: axe then keeps one example node of what passed (quicker on big pages).
  const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (include) axe.include(include);
  const { violations } = await axe.analyze();
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

/**
 * Waits until a dialog's, drawer's or menu's opening transition is over (fully opaque, in place): axe and
 * screenshots taken mid-fade see its colours blended with the page behind.
 */
export async function dialogSettled(inside: Locator) {
  await inside.waitFor();
  await expect
    .poll(() =>
      inside.evaluate((el) => {
        const content =
          el.closest(
            '.mantine-Modal-content, .mantine-Drawer-content, .mantine-Menu-dropdown, .mantine-Popover-dropdown',
          ) ?? el;
        const style = getComputedStyle(content);
        return `${style.opacity} ${style.transform}`;
      }),
    )
    .toMatch(/^1 (none|matrix\(1, 0, 0, 1, 0, 0\))$/);
}

/**
 * How many pixels the page is wider than the window (0 or less: it fits), measured once the
 * typefaces that size its text have loaded, so a fallback face cannot hide an overflow.
 */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(async () => {
    await document.fonts.ready;
    return document.documentElement.scrollWidth - window.innerWidth;
  });

/**
 * A forced click on a locked (aria-disabled) write control, as a determined person would make it.
 * Answers once the page has handled the click and drawn what the pointer brought, the tooltip
 * saying why the control is locked (a dialog the click opened would have been drawn by then too,
 * in the same transition), with whether the control swallowed the click (prevented its default).
 */
export async function forcedClick(control: Locator): Promise<{ swallowed: boolean; tooltip: string }> {
  const page = control.page();
  await control.evaluate((el) => {
    (window as unknown as { __clicked: Promise<boolean> }).__clicked = new Promise((resolve) =>
      el.ownerDocument.addEventListener('click', (e) => resolve(e.defaultPrevented), { once: true }),
    );
  });
  await control.click({ force: true });
  const swallowed = await page.evaluate(
    () => (window as unknown as { __clicked: Promise<boolean> }).__clicked,
  );
  const tooltip = page.getByRole('tooltip').first();
  await tooltip.waitFor();
  return { swallowed, tooltip: await tooltip.innerText() };
}

/**
 * Keeps, from now on, the answers to the page's calls of fetch to an address containing `part`
 * (each body as JSON, null for a failed call), and answers a reader of those settled so far. An
 * answer is kept after the handlers the page's script chained to the same call have run, so a read
 * that sees it sees the page done with it. (Resource timing would not do: a keepalive fetch writes
 * no entry; nor would Playwright's waitForResponse and json() for one, seen waiting past a test's
 * timeout.)
 */
export async function fetchAnswers(page: Page, part: string): Promise<() => Promise<unknown[]>> {
  await page.evaluate((part) => {
    const w = window as unknown as { __answers: Record<string, unknown[]> };
    w.__answers ??= {};
    w.__answers[part] = [];
    const original = window.fetch;
    window.fetch = (input, init) => {
      const call = original(input, init);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.includes(part))
        call
          .then((response) => response.clone().json())
          .then(
            (body: unknown) => w.__answers[part]!.push(body),
            () => w.__answers[part]!.push(null),
          );
      return call;
    };
  }, part);
  return () =>
    page.evaluate(
      (part) => (window as unknown as { __answers: Record<string, unknown[]> }).__answers[part]!,
      part,
    );
}

/**
 * Waits until the page is at rest: its typefaces loaded, the images in the window decoded, its
 * transitions and other finite animations over, and two frames drawn since (so a layout shift
 * they caused has been reported to the page's observers).
 */
export async function pageAtRest(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const inWindow = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
    };
    await Promise.all(
      [...document.images].filter(inWindow).map((img) => img.decode().catch(() => undefined)),
    );
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    );
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}
