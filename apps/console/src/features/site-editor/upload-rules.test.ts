import { describe, expect, it } from 'vitest';
import { assignFilesToPages, coordinateOfFileName } from './upload-rules';

describe('bulk upload mapping', () => {
  it('reads a page from a file name', () => {
    expect(coordinateOfFileName('B2.jpg')).toBe('B2');
    expect(coordinateOfFileName('photos/aa10.PNG')).toBe('AA10');
    expect(coordinateOfFileName('hero.jpg')).toBeNull();
    expect(coordinateOfFileName('B0.jpg')).toBeNull();
  });

  it('puts named files on their page and the others, in name order, on the empty pages', () => {
    const pages = ['A1', 'B1', 'A2', 'B2'].map((coordinate) => ({ coordinate, filled: coordinate === 'A1' }));
    const files = [{ name: 'img10.jpg' }, { name: 'B2.jpg' }, { name: 'img2.jpg' }, { name: 'img3.jpg' }];
    expect(assignFilesToPages(files, pages).map((a) => `${a.file.name}>${a.coordinate}`)).toEqual([
      'B2.jpg>B2',
      'img2.jpg>B1',
      'img3.jpg>A2',
    ]);
  });
});
