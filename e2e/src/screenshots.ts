import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { pageAtRest } from './ui';

// Full-page screenshots for a person to look at (not compared by the tests), taken when
// E2E_SCREENSHOTS=1 (or E2E_SCREENSHOTS_DIR is set): written to E2E_SCREENSHOTS_DIR, by default
// `screenshots/` at the repository root (ignored by git). A plain test run skips them.
const dir = process.env.E2E_SCREENSHOTS_DIR ?? path.resolve(import.meta.dirname, '../../screenshots');
const enabled = process.env.E2E_SCREENSHOTS === '1' || process.env.E2E_SCREENSHOTS_DIR !== undefined;

/** `fullPage: false` for modals, which are fixed to the viewport and would be cut by a full-page picture. */
export async function screenshot(page: Page, name: string, opts: { fullPage?: boolean } = {}) {
  if (!enabled) return null;
  fs.mkdirSync(dir, { recursive: true });
  const size = page.viewportSize();
  const file = path.join(dir, `${name}-${size?.width ?? 0}x${size?.height ?? 0}.png`);
  // Transitions over and images in, so the picture shows the page at rest.
  await pageAtRest(page);
  await page.screenshot({ path: file, fullPage: opts.fullPage ?? true });
  return file;
}
