import { describe, expect, it } from 'vitest';
import { smallestVariant } from './uploads';

describe('smallestVariant', () => {
  it('picks the narrowest variant, whatever their order', () => {
    const v = (width: number) => ({ width, url: `/media/w${width}.webp` });
    expect(smallestVariant([v(390), v(780), v(1170)])).toEqual(v(390));
    expect(smallestVariant([v(1170), v(390), v(780)])).toEqual(v(390));
  });

  it('is undefined without variants (a video, an image narrower than the smallest width)', () => {
    expect(smallestVariant([])).toBeUndefined();
  });
});
