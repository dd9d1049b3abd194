import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSite, siteDocument } from '../../apps/server/src/modules/sites/site-fixtures';
import { ZLink } from '../../packages/contracts/src/sites';
import { startProduct, type TProduct } from './harness';
import { signInAs } from './users-helpers';

// A creator's script against an operator's session, in Chromium: the platform operator is
// signed in to the console, then opens a published page whose SCRIPT button and head script
// (from an https tag host) try what a hostile creator would: the console's refresh call (by a
// relative address and by the console's own), a credentialed read of the console's API, and the
// console's storage. Published pages live on the sites origin, so every try fails and the
// operator stays signed in. E2E_SAME_ORIGIN=1 runs it with both on one origin, to see it fail.

const SAME_ORIGIN = process.env.E2E_SAME_ORIGIN === '1';

/** What the hostile code tries; it leaves its findings in the page for the test to read. */
const attack = (consoleOrigin: string, mark: string) => `
(async function () {
  var out = {};
  async function tryCall(name, url, init) {
    try {
      var res = await fetch(url, init);
      var text = await res.text();
      out[name] = res.status + (text.indexOf('access_token') >= 0 ? ' TOKEN' : '');
    } catch (e) {
      out[name] = 'failed';
    }
  }
  var refresh = {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', 'x-refresh-cookie': '1' },
    body: '{}',
  };
  await tryCall('refreshHere', '/api/auth/refresh-token', refresh);
  await tryCall('refreshConsole', '${consoleOrigin}/api/auth/refresh-token', refresh);
  await tryCall('userInfo', '${consoleOrigin}/api/auth/user-info', { credentials: 'include' });
  try {
    out.storage = JSON.stringify(Object.assign({}, localStorage));
  } catch (e) {
    out.storage = 'failed';
  }
  document.body.dataset.${mark} = JSON.stringify(out);
})();
`;

/** A self-signed https server on loopback that serves the head script (body tags must be https). */
async function startTagHost(script: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swipe-tag-host-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const server = https.createServer(
    { key: fs.readFileSync(key), cert: fs.readFileSync(cert) },
    (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' });
      res.end(script);
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}/tag.js`,
    close: () => {
      server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

let product: TProduct;
let tagHost: Awaited<ReturnType<typeof startTagHost>>;
let siteId: string;
beforeAll(async () => {
  product = await startProduct({ sameOrigin: SAME_ORIGIN });
  tagHost = await startTagHost(attack(product.baseUrl, 'headAttack'));
  const doc = siteDocument({ name: 'Hostile creator', rows: 1, columns: 1 });
  const a1 = doc.content.JP!.creatives[0]!;
  a1.linkButtonText = 'Tap me';
  a1.link = ZLink.parse({ kind: 'SCRIPT', script: attack(product.baseUrl, 'buttonAttack') });
  doc.content.JP!.seo.body = `<script src="${tagHost.url}" defer></script>`;
  siteId = (
    await insertSite(product.database.db, {
      accountId: product.fixtures.accounts.company.id,
      doc,
      published: true,
    })
  ).id;
}, 120_000);
afterAll(async () => {
  tagHost?.close();
  await product?.close();
});

type TFindings = { refreshHere: string; refreshConsole: string; userInfo: string; storage: string };

describe("a creator's script against an operator's session", () => {
  it('gets no token, no API answer and no console storage, and the operator stays signed in', async () => {
    // One browser profile: the operator's console tab and the published page share its cookies.
    const context = await product.browser.newContext({
      baseURL: product.baseUrl,
      viewport: { width: 1280, height: 800 },
      locale: 'en-US',
      // The tag host's certificate is self-signed.
      ignoreHTTPSErrors: true,
    });
    const consoleTab = await context.newPage();
    await signInAs(consoleTab, 'master@example.com', 'master');
    expect(await consoleTab.evaluate(() => localStorage.getItem('userInfo'))).toContain('master@example.com');

    const visit = await context.newPage();
    await visit.goto(`/sites/${siteId}`);
    // The console's address sends the visitor to the sites origin.
    expect(new URL(visit.url()).origin).toBe(product.sitesUrl);
    const findings = (mark: string) =>
      visit
        .evaluate((m) => document.body.dataset[m] ?? null, mark)
        .then((v) => (v ? (JSON.parse(v) as TFindings) : null));

    // The head script ran on its own at load; the button script runs on the tap.
    await expect.poll(() => findings('headAttack')).not.toBeNull();
    await visit.locator('#A1 button.bt').click();
    await expect.poll(() => findings('buttonAttack')).not.toBeNull();

    for (const mark of ['headAttack', 'buttonAttack']) {
      const found = (await findings(mark))!;
      expect(found.refreshHere, mark).not.toContain('TOKEN');
      expect(found.refreshConsole, mark).not.toContain('TOKEN');
      expect(found.userInfo, mark).not.toMatch(/^200/);
      expect(found.storage, mark).not.toContain('master@example.com');
    }

    // Nothing was consumed or revoked: the console still refreshes its session after a reload.
    await consoleTab.reload();
    await consoleTab.waitForURL((url) => url.pathname === '/master/summary');
    await consoleTab.getByTestId('side-menu').waitFor();
    expect(await consoleTab.evaluate(() => localStorage.getItem('userInfo'))).toContain('master@example.com');
    await context.close();
  });
});
