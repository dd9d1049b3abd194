import { describe, expect, it } from 'vitest';
import { isStorageKey } from './storage';

describe('storage keys', () => {
  it('accepts the relative paths the uploads make', () => {
    for (const key of [
      'assets/7b0f7a52-3c0e-4c51-9a59-8f3d6d0f6a11/original.jpg',
      'assets/7b0f7a52-3c0e-4c51-9a59-8f3d6d0f6a11/w390.webp',
      'a',
    ])
      expect(isStorageKey(key), key).toBe(true);
  });

  it('refuses anything that could name a file outside the storage', () => {
    for (const key of [
      '',
      '/etc/passwd',
      '../secret',
      'assets/../../secret',
      'assets/./x.png',
      'assets//x.png',
      'assets/.hidden',
      'assets\\..\\secret',
      'assets/x.png/',
      'C:/x.png',
      'assets/%2e%2e/x',
      'assets/x\u0000.png',
      'a'.repeat(513),
      undefined,
      42,
    ])
      expect(isStorageKey(key), String(key)).toBe(false);
  });
});
