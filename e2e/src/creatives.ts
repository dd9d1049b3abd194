import type { Page } from 'playwright-core';
import sharp from 'sharp';

// Creatives for the editor journeys, and what the page grid shows of them.

/** A real PNG of the designer frame's proportions, in a colour of its own. */
export const creativePng = (r: number, g: number, b: number) =>
  sharp({ create: { width: 390, height: 738, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

/** The address of the image a page's tile in the editor's grid shows ('none' while it has no creative). */
export const tileImage = (page: Page, coordinate: string) =>
  page.getByTestId(`page-tile-${coordinate}`).evaluate((el) => el.querySelector('img')?.src ?? 'none');
