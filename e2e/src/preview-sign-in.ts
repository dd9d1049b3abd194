import type { Page } from 'playwright-core';
import type { TProduct } from './harness';

// Signing in to a private preview as an invited person does: the email on the preview's page,
// then the code from the mail it sends (and the password when one is set).

/** The preview's address in an invitation mail. */
export const previewLinkIn = (text: string) => /https?:\/\/\S+\/site\/[0-9a-f-]{36}\/preview/.exec(text)?.[0];

/** The code and the one-time sign-in link of a preview code mail. */
export function previewCodeIn(text: string) {
  const code = /^\d{6}$/m.exec(text)?.[0];
  const link = /https?:\/\/\S+\/preview\/link\?t=[\w-]{43}/.exec(text)?.[0];
  if (!code || !link) throw new Error(`no preview code in this mail:\n${text}`);
  return { code, link };
}

/** On the preview's email form: asks for a code; the code mail that comes for it. */
export async function askPreviewCode(product: TProduct, page: Page, email: string) {
  const since = product.mail.mails.length;
  await page.locator('input[name="email"]').fill(email);
  await page.locator('form[action$="/preview/code"] button').click();
  await page.locator('input[name="code"]').waitFor();
  return previewCodeIn((await product.mail.waitFor(email, since)).text);
}

/** Opens the preview at `link` and signs in with the mailed code; the draft is shown after. */
export async function signInToPreview(
  product: TProduct,
  page: Page,
  opts: { link: string; email: string; password?: string },
) {
  await page.goto(opts.link);
  const { code } = await askPreviewCode(product, page, opts.email);
  await page.locator('input[name="code"]').fill(code);
  if (opts.password) await page.locator('input[name="password"]').fill(opts.password);
  await page.locator('form[action$="/preview/login"] button').click();
  await page.locator('#A1.pg').waitFor();
}
