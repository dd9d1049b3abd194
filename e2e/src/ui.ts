import type { Page } from 'playwright-core';

/** Picks a UI language from the switcher by its visible label (English, 日本語, 中文, 한국어). */
export async function switchLanguage(page: Page, label: string) {
  await page.getByTestId('language-switcher').click();
  await page
    .getByRole('option', { name: label, exact: true })
    .or(page.getByRole('menuitem', { name: label, exact: true }))
    .first()
    .click();
}

export const storedTokens = (page: Page) =>
  page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('user_access') ?? 'null') as {
        accessToken: string;
        refreshToken: string;
      } | null,
  );
