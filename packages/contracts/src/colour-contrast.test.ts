import { describe, expect, it } from 'vitest';
import {
  layerOverImage,
  luminance,
  over,
  parseColour,
  plain,
  ratioOf,
  surface,
  type TRgba,
  worstContrast,
} from './colour-contrast';

const c = (value: string) => parseColour(value)!;
const ratio = (text: string, background: string) => ratioOf(luminance(c(text)), luminance(c(background)));

describe('parseColour', () => {
  it('reads every form the editor accepts', () => {
    expect(parseColour('#99D52A')).toEqual({ r: 153, g: 213, b: 42, a: 1 });
    expect(parseColour('#fff')).toEqual({ r: 255, g: 255, b: 255, a: 1 });
    expect(parseColour('rgb(10, 20, 30)')).toEqual({ r: 10, g: 20, b: 30, a: 1 });
    expect(parseColour('rgba(0,0,0,.55)')).toEqual({ r: 0, g: 0, b: 0, a: 0.55 });
    expect(parseColour('rgb(100%,0%,0%)')).toEqual({ r: 255, g: 0, b: 0, a: 1 });
    expect(parseColour('rgba(0,0,255,50%)')).toMatchObject({ b: 255, a: 0.5 });
    const red = parseColour('hsl(0, 100%, 50%)')!;
    expect([red.r, red.g, red.b].map(Math.round)).toEqual([255, 0, 0]);
    const teal = parseColour('hsla(180, 50%, 25%, 0.5)')!;
    expect([teal.r, teal.g, teal.b].map(Math.round)).toEqual([32, 96, 96]);
    expect(teal.a).toBe(0.5);
  });

  it('answers null for what is no colour code', () => {
    for (const v of ['', 'red', '#12345', 'rgb(300,0,0)', 'hsl(0,0,0)']) expect(parseColour(v), v).toBeNull();
  });
});

describe('WCAG contrast', () => {
  it('has the formula’s known values', () => {
    expect(ratio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(ratio('#FFFFFF', '#FFFFFF')).toBe(1);
    // The spec's default link button: white on #99D52A.
    expect(ratio('#FFFFFF', '#99D52A')).toBeCloseTo(1.76, 2);
    // #767676 on white is the well-known lightest grey passing AA (4.54:1).
    expect(ratio('#767676', '#FFFFFF')).toBeCloseTo(4.54, 2);
    expect(ratio('#FFFFFF', '#767676')).toBe(ratio('#767676', '#FFFFFF'));
  });

  it('blends a translucent colour over what is behind it', () => {
    expect(over(c('rgba(0,0,0,.5)'), c('#FFFFFF'))).toEqual({ r: 127.5, g: 127.5, b: 127.5, a: 1 });
  });

  it('takes the worst case over a range of backdrops', () => {
    const shade = layerOverImage(c('rgba(0,0,0,.55)'));
    // White text: at worst the scrim over a white photo (#737373), 4.76:1.
    expect(worstContrast(c('#FFFFFF'), shade)).toBeCloseTo(4.76, 2);
    // Text as dark as something the shaded photo may show meets a background as dark: 1:1.
    expect(worstContrast(c('#000000'), shade)).toBe(1);
    expect(worstContrast(c('#333333'), shade)).toBe(1);
    // One colour behind: the plain ratio.
    expect(worstContrast(c('#FFFFFF'), plain(c('#99D52A')))).toBeCloseTo(1.76, 2);
    // An opaque button hides the photo behind it.
    expect(worstContrast(c('#FFFFFF'), surface(c('#000000'), shade))).toBeCloseTo(21, 5);
  });

  it('blends translucent text over each end of the range', () => {
    const halfWhite: TRgba = { r: 255, g: 255, b: 255, a: 0.5 };
    expect(worstContrast(halfWhite, plain(c('#000000')))).toBeCloseTo(ratio('rgb(128,128,128)', '#000'), 1);
  });
});
