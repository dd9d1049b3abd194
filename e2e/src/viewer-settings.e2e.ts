import { emptyLanguageContent, type TSiteDocument, ZLink, ZSiteDocument } from '@swipe/contracts/sites';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRenderInput } from '../../packages/site-render/src/render/model';
import { renderSitePage } from '../../packages/site-render/src/render/site-page';
import { buildRuntime } from '../../packages/site-render/src/runtime/bundle';

// The site settings of the published page that need a browser: auto-advance,
// the sound toggle of a video page, swipe redirection, and the album without script. The pages
// are rendered by the viewer and served, with the real runtime, from a routed origin: no server
// or database is needed for what only the page and its runtime do.

const ORIGIN = 'https://lp.test';
const SITE = `${ORIGIN}/sites/autumn/`;
const IMAGE = '11111111-1111-4111-8111-111111111111';
const VIDEO = '33333333-3333-4333-8333-333333333333';
const media: TRenderInput['media'] = {
  [IMAGE]: { kind: 'IMAGE', url: '/media/a.png', mime: 'image/png', width: 390, height: 693, variants: [] },
  [VIDEO]: { kind: 'VIDEO', url: '/media/v.mp4', mime: 'video/mp4', width: null, height: null, variants: [] },
};
/** A 1 x 1 PNG for every image. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let browser: Browser;
let runtime: { code: string; fileName: string };
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  runtime = await buildRuntime();
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
  });
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close().catch(() => {})));
  await browser?.close();
});

/** A 2 x 2 site (A1 B1 / A2 B2), an image and a link button to the contact form on every page. */
function site(over: Partial<TSiteDocument> = {}, edit?: (doc: TSiteDocument) => void): TSiteDocument {
  const doc = ZSiteDocument.parse({
    name: 'Autumn',
    numberVertical: 2,
    numberHorizontal: 2,
    content: { JP: emptyLanguageContent(2, 2) },
  });
  for (const c of doc.content.JP!.creatives) {
    c.media = { assetId: IMAGE, kind: 'IMAGE' };
    c.linkButtonText = 'Contact';
    c.link = ZLink.parse({ kind: 'INTERNAL', internalTarget: 'CONTACT' });
  }
  Object.assign(doc, over);
  edit?.(doc);
  return doc;
}

/** A phone with the page of `doc` (and its runtime, the contact page, the images) at SITE. */
async function open(
  doc: TSiteDocument,
  opts: { javaScriptEnabled?: boolean; reducedMotion?: 'reduce' | 'no-preference' } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    javaScriptEnabled: opts.javaScriptEnabled ?? true,
    reducedMotion: opts.reducedMotion ?? 'no-preference',
  });
  contexts.push(context);
  const { html } = renderSitePage({
    siteId: '22222222-2222-4222-8222-222222222222',
    doc,
    lang: 'JP',
    media,
    basePath: '/sites/autumn',
    origin: ORIGIN,
    mode: 'PUBLIC',
    runtimeUrl: `/sites/_runtime/${runtime.fileName}`,
    eventsUrl: null,
  });
  await context.route(`${ORIGIN}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/sites/autumn/') return route.fulfill({ contentType: 'text/html', body: html });
    if (path.startsWith('/sites/_runtime/'))
      return route.fulfill({ contentType: 'text/javascript', body: runtime.code });
    if (path === '/sites/autumn/contact')
      return route.fulfill({ contentType: 'text/html', body: '<title>Contact</title><h1>Contact</h1>' });
    if (path.endsWith('.png')) return route.fulfill({ contentType: 'image/png', body: PIXEL });
    return route.fulfill({ status: 404, body: '' });
  });
  const page = await context.newPage();
  await page.goto(SITE);
  return page;
}

/** The page (A1, B2...) that fills the visitor's screen, under any panel (none while sliding). */
const pageInView = (page: Page) =>
  page.evaluate(() => {
    const frame = document.querySelector('.fr')!.getBoundingClientRect();
    const fills = (el: Element) => {
      const r = el.getBoundingClientRect();
      return Math.abs(r.left - frame.left) < 2 && Math.abs(r.top - frame.top) < 2;
    };
    return Array.from(document.querySelectorAll('.pg')).find(fills)?.id ?? null;
  });
const settle = (page: Page, id: string, timeout = 5000) =>
  expect.poll(() => pageInView(page), { timeout }).toBe(id);
/** That the page in view stays put for `ms`: nothing happening over a time is the claim here. */
const stays = async (page: Page, id: string, ms: number) => {
  // allow-fixed-sleep: proves that no page moves in for this long.
  await page.waitForTimeout(ms);
  expect(await pageInView(page)).toBe(id);
};

describe('auto-advance (sliderTime)', () => {
  it('goes on page by page, row after row, and stops at the last page', async () => {
    const page = await open(site({ sliderTime: 1 }));
    expect(await pageInView(page)).toBe('A1');
    await settle(page, 'B1', 3000);
    await settle(page, 'A2', 3000);
    await settle(page, 'B2', 3000);
    await stays(page, 'B2', 2500);
  });

  it('waits while the visitor uses the page or a panel is open', async () => {
    // Three seconds: a key pressed every half second keeps it waiting even when a busy machine
    // takes a while to deliver each key.
    const page = await open(site({ sliderTime: 3, displayAlbum: true }));
    // Keys pressed more often than the interval, for longer than it, keep it waiting.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Shift');
      // allow-fixed-sleep: the visitor's pace, a key every half second, is what is under test.
      await page.waitForTimeout(500);
    }
    expect(await pageInView(page)).toBe('A1');
    // An open panel holds it; closing it lets it go on. The panel opens right after a key (a
    // click in the page, not through Playwright's checks, which on a busy machine can take
    // longer than the interval).
    await page.keyboard.press('Shift');
    await page.evaluate(() => document.querySelector<HTMLElement>('.ab')!.click());
    await expect.poll(() => page.locator('#al').isVisible()).toBe(true);
    await stays(page, 'A1', 4000);
    await page.keyboard.press('Escape');
    await settle(page, 'B1', 8000);
  });

  it('stays still for a visitor who asked for reduced motion', async () => {
    const page = await open(site({ sliderTime: 1 }), { reducedMotion: 'reduce' });
    await stays(page, 'A1', 2500);
  });
});

describe('the sound toggle of a video page', () => {
  const withVideo = () =>
    site({ speakerColor: '#FFD43B' }, (doc) => {
      doc.content.JP!.creatives[0]!.media = { assetId: VIDEO, kind: 'VIDEO' };
    });

  it('turns the sound on and off, and off again when the visitor leaves the page', async () => {
    const page = await open(withVideo());
    const toggle = page.getByRole('button', { name: '音声' });
    await expect.poll(() => toggle.isVisible()).toBe(true);
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    expect(await toggle.evaluate((b) => getComputedStyle(b).color)).toBe('rgb(255, 212, 59)');
    const muted = () => page.locator('#A1 video').evaluate((v: HTMLVideoElement) => v.muted);
    expect(await muted()).toBe(true);
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await muted()).toBe(false);
    await toggle.click();
    expect(await muted()).toBe(true);
    await toggle.click();
    await page.keyboard.press('ArrowRight');
    await settle(page, 'B1');
    expect(await muted()).toBe(true);
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
  });

  it('is not shown without script, which it needs', async () => {
    const page = await open(withVideo(), { javaScriptEnabled: false });
    expect(await page.locator('.sk').isVisible()).toBe(false);
  });
});

describe('swipe redirection', () => {
  /** A swipe of one finger from right to left across the middle of the screen (real touch events). */
  async function swipeForward(page: Page) {
    const cdp = await page.context().newCDPSession(page);
    const at = (x: number) => [{ x, y: 420 }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(320) });
    for (const x of [280, 220, 160, 100])
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(x) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }

  it('follows the link button when swiping or pressing forward past the last page of a row', async () => {
    const page = await open(site({ swipeRedirection: true }));
    // Forward from A1 is B1: an ordinary page change.
    await page.keyboard.press('ArrowRight');
    await settle(page, 'B1');
    expect(page.url()).toBe(SITE);
    // Past B1, the end of the row, the key follows B1's button.
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(`${ORIGIN}/sites/autumn/contact`);
    // So does a swipe.
    await page.goto(SITE);
    await page.keyboard.press('ArrowRight');
    await settle(page, 'B1');
    await swipeForward(page);
    await page.waitForURL(`${ORIGIN}/sites/autumn/contact`);
  });

  it('does nothing on a page without a link button, or with the setting off', async () => {
    const noButton = await open(
      site({ swipeRedirection: true }, (doc) => {
        doc.content.JP!.creatives[1]!.linkButtonText = '';
      }),
    );
    await noButton.keyboard.press('ArrowRight');
    await settle(noButton, 'B1');
    await noButton.keyboard.press('ArrowRight');
    await swipeForward(noButton);
    await stays(noButton, 'B1', 500);
    expect(noButton.url()).toBe(SITE);

    const off = await open(site());
    await off.keyboard.press('ArrowRight');
    await settle(off, 'B1');
    await off.keyboard.press('ArrowRight');
    await swipeForward(off);
    await stays(off, 'B1', 500);
    expect(off.url()).toBe(SITE);
  });
});

describe('the album of all pages', () => {
  it('opens from the header and jumps to the chosen page, with JavaScript off', async () => {
    const page = await open(site({ displayAlbum: true }), { javaScriptEnabled: false });
    expect(await page.locator('#al').isVisible()).toBe(false);
    await page.getByRole('link', { name: 'すべてのページ' }).click();
    const panel = page.getByRole('dialog', { name: 'すべてのページ' });
    await expect.poll(() => panel.isVisible()).toBe(true);
    expect(await panel.getByRole('link').allTextContents()).toEqual(['×', 'A1', 'B1', 'A2', 'B2']);
    await panel.getByRole('link', { name: 'B2' }).click();
    await settle(page, 'B2');
    expect(await panel.isVisible()).toBe(false);
  });
});
