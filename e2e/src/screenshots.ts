import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

// Full-page screenshots for a person to look at (not compared by the tests): written to
// E2E_SCREENSHOTS_DIR, by default `screenshots/` at the repository root (ignored by git).
const dir = process.env.E2E_SCREENSHOTS_DIR ?? path.resolve(import.meta.dirname, '../../screenshots');

/** `fullPage: false` for modals, which are fixed to the viewport and would be cut by a full-page picture. */
export async function screenshot(page: Page, name: string, opts: { fullPage?: boolean } = {}) {
  fs.mkdirSync(dir, { recursive: true });
  const size = page.viewportSize();
  const file = path.join(dir, `${name}-${size?.width ?? 0}x${size?.height ?? 0}.png`);
  // Let transitions and lazy images settle so the picture shows the page at rest.
  await page.waitForTimeout(300);
  await page.screenshot({ path: file, fullPage: opts.fullPage ?? true });
  return file;
}
