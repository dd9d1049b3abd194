import { describe, expect, it } from 'vitest';
import { rememberAssetThumbnail, rememberThumbnails, thumbnailUrl } from './media-thumbs';

// Each case uses asset ids of its own: the remembered thumbnails last for the page's life.

describe('thumbnails', () => {
  it("shows the site detail's smallest variant, else the file itself", () => {
    const media = { a1: '/media/a1/original.png', v1: '/media/v1/original.mp4' };
    rememberThumbnails({ a1: '/media/a1/w390.webp' });
    expect(thumbnailUrl('a1', media)).toBe('/media/a1/w390.webp');
    expect(thumbnailUrl('v1', media)).toBe('/media/v1/original.mp4');
    expect(thumbnailUrl('unknown', media)).toBeUndefined();
    rememberThumbnails(undefined);
  });

  it("takes an upload's narrowest variant; an upload without one shows its file", () => {
    rememberAssetThumbnail({
      id: 'u1',
      variants: [
        { width: 780, url: '/media/u1/w780.webp' },
        { width: 390, url: '/media/u1/w390.webp' },
      ],
    });
    rememberAssetThumbnail({ id: 'u2', variants: [] });
    rememberAssetThumbnail({ id: 'u3' });
    const media = {
      u1: '/media/u1/original.jpg',
      u2: '/media/u2/original.png',
      u3: '/media/u3/original.png',
    };
    expect(thumbnailUrl('u1', media)).toBe('/media/u1/w390.webp');
    expect(thumbnailUrl('u2', media)).toBe('/media/u2/original.png');
    expect(thumbnailUrl('u3', media)).toBe('/media/u3/original.png');
  });
});
