import zlib from 'node:zlib';
import { communicationsMessages } from '@swipe/contracts/communications-messages';
import { describe, expect, it } from 'vitest';
import { buildRuntime } from './bundle';
import { PUSH_TEXTS } from './push-texts';

// The Web Push pieces of a published page: the script a visitor's press loads and the sites'
// service worker. Neither is part of the page's own JavaScript; both stay small.

const UI = { JP: 'ja', EN: 'en', CN: 'cn', KR: 'kr' } as const;

describe('Web Push on a published page', () => {
  it('says what the catalogue says, in each site language', () => {
    for (const [lang, ui] of Object.entries(UI)) {
      expect(PUSH_TEXTS[lang]?.ok).toBe(communicationsMessages['communications.subscribed'][ui]);
      expect(PUSH_TEXTS[lang]?.no).toBe(communicationsMessages['communications.pushUnavailable'][ui]);
    }
  });

  it('has a small subscribe script and service worker, named by their content', async () => {
    const push = await buildRuntime('push');
    const worker = await buildRuntime('worker');
    expect(push.fileName).toMatch(/^push\.[0-9a-f]{8}\.js$/);
    expect(zlib.gzipSync(push.code, { level: 9 }).length).toBeLessThanOrEqual(1536);
    expect(zlib.gzipSync(worker.code, { level: 9 }).length).toBeLessThanOrEqual(512);
    // The worker shows what was pushed and opens its link; it answers no fetch (caches nothing).
    expect(worker.code).toContain('showNotification');
    expect(worker.code).toContain('openWindow');
    expect(worker.code).not.toContain('"fetch"');
  });
});
