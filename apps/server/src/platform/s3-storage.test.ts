import { describe, expect, it } from 'vitest';
import { bucketOrigin } from './s3-storage';

describe('bucketOrigin', () => {
  it('is the endpoint with path-style addressing, else the bucket host under it', () => {
    const base = { bucket: 'swipe-media', region: 'ap-northeast-1' };
    expect(bucketOrigin({ ...base, endpoint: 'http://127.0.0.1:9000/x', forcePathStyle: true })).toBe(
      'http://127.0.0.1:9000',
    );
    expect(bucketOrigin({ ...base, endpoint: 'https://r2.example.com', forcePathStyle: false })).toBe(
      'https://swipe-media.r2.example.com',
    );
    expect(bucketOrigin({ ...base, forcePathStyle: false })).toBe(
      'https://swipe-media.s3.ap-northeast-1.amazonaws.com',
    );
  });
});
