import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { keysToSnake } from '@swipe/contracts/case';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDocument } from './modules/sites/site-fixtures';
import { startS3Server } from './test/s3-server';
import { freePort, within } from './test/wait';

// Three real server processes (main.ts) started at once on one empty PostgreSQL database, with
// Redis and an S3 bucket (s3rver on loopback), as a load balancer would run them. Only where a
// PostgreSQL server is given: the embedded database is one process's by nature.
const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const root = path.resolve(import.meta.dirname, '../../..');
const LOGIN_LIMIT = 8;

type TProcess = { base: string; child: ChildProcess; output: () => string };
let processes: TProcess[] = [];
let s3: Awaited<ReturnType<typeof startS3Server>>;
let admin: pg.Client;
let db: pg.Client;
let dbName: string;
const dataDirs: string[] = [];

function startProcess(env: Record<string, string>, port: number): TProcess {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swipe-cluster-'));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // The console on 127.0.0.1 (what this test calls); sites on localhost, the other name.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output = (output + d).slice(-20_000);
  });
  child.stderr?.on('data', (d) => {
    output = (output + d).slice(-20_000);
  });
  return { base: `http://127.0.0.1:${port}`, child, output: () => output };
}

async function healthy(p: TProcess, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (
      await fetch(`${p.base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

const json = (token?: string) => ({
  'content-type': 'application/json',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

async function signIn(base: string, email: string) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: json(),
    body: JSON.stringify({ login_id: email, password: 'Demo@2026pass' }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

const describeCluster = DATABASE_URL ? describe : describe.skip;

describeCluster('three server processes on one PostgreSQL, Redis and S3', () => {
  beforeAll(async () => {
    s3 = await startS3Server();
    dbName = `t_cluster_${randomBytes(5).toString('hex')}`;
    admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    const url = new URL(DATABASE_URL!);
    url.pathname = `/${dbName}`;
    db = new pg.Client({ connectionString: url.toString() });
    const env = {
      ...s3.env,
      DATABASE_URL: url.toString(),
      REDIS_URL,
      REDIS_PREFIX: `${dbName}:`,
      JWT_SECRET: randomBytes(32).toString('base64url'),
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      JOB_POLL_MS: '200',
      RATE_LIMIT_LOGIN_PER_MINUTE: String(LOGIN_LIMIT),
    };
    const ports = [await freePort(), await freePort(), await freePort()];
    // All three at once, on an empty database.
    processes = ports.map((port) => startProcess(env, port));
    const up = await Promise.all(processes.map((p) => healthy(p)));
    expect(up, processes.map((p) => p.output().slice(-1500)).join('\n---\n')).toEqual([true, true, true]);
    await db.connect();
  }, 120_000);

  afterAll(async () => {
    for (const p of processes) p.child.kill('SIGKILL');
    await db?.end().catch(() => {});
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
      await admin.end();
    }
    await s3?.close();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('all become healthy with one seed', async () => {
    const platforms = await db.query("select count(*)::int as n from accounts where type = 'PLATFORM'");
    expect(platforms.rows[0].n).toBe(1);
    const sites = await db.query("select count(*)::int as n from sites where custom_path = 'hinode-autumn'");
    expect(sites.rows[0].n).toBe(1);
  });

  it('serves an upload through A from B, and shows a publish through A on B and C; an unpublish is a 404 within a second, idle C included', async () => {
    const [a, b, c] = processes as [TProcess, TProcess, TProcess];
    const token = await signIn(a.base, 'direct@example.com');
    const image = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#f97316' } })
      .png()
      .toBuffer();
    const announced = await fetch(`${a.base}/api/site/generate-urls`, {
      method: 'POST',
      headers: json(token),
      body: JSON.stringify({ files: [{ name: 'A1.png', size: image.length, kind: 'IMAGE' }] }),
    });
    expect(announced.status).toBe(200);
    const target = (
      (await announced.json()) as { data: { asset_id: string; upload_url: string; complete_url: string }[] }
    ).data[0]!;
    // The bytes go straight to the bucket; C finishes the asset, B serves it.
    const put = await fetch(target.upload_url, { method: 'PUT', body: new Uint8Array(image) });
    expect(put.status).toBe(200);
    const done = await fetch(`${c.base}${target.complete_url}`, { method: 'POST' });
    expect(done.status, c.output().slice(-1500)).toBe(200);
    const asset = ((await done.json()) as { data: { url: string } }).data;
    const onB = await fetch(`${b.base}${asset.url}`);
    expect(onB.status).toBe(200);
    expect((await onB.arrayBuffer()).byteLength).toBeGreaterThan(0);

    // A site made and published through A.
    const doc = siteDocument({ name: 'Cluster LP' });
    doc.content.JP!.creatives[0]!.media = { assetId: target.asset_id, kind: 'IMAGE' };
    const created = await fetch(`${a.base}/api/site`, {
      method: 'POST',
      headers: json(token),
      body: JSON.stringify({ document: keysToSnake(doc) }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const site = ((await created.json()) as { data: { id: string } }).data;
    const save = async (mode: 'PUBLISH' | 'PRIVATE', text: string, revision: number) => {
      doc.content.JP!.creatives[0]!.mainText = text;
      const res = await fetch(`${a.base}/api/site/${site.id}`, {
        method: 'PUT',
        headers: json(token),
        body: JSON.stringify({ document: keysToSnake(doc), mode, revision }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
    };
    const page = (p: TProcess) => fetch(`${p.base}/sites/${site.id}`);

    await save('PUBLISH', 'first', 0);
    expect(await (await page(b)).text()).toContain('first');
    expect(await (await page(c)).text()).toContain('first');
    await save('PUBLISH', 'second', 1);
    const publishMs = await within(1000, async () => (await (await page(b)).text()).includes('second'));

    // B and C hold the page in their caches; C then gets no request until a second has passed.
    expect((await page(b)).status).toBe(200);
    expect((await page(c)).status).toBe(200);
    await save('PRIVATE', 'second', 2);
    const unpublishMs = await within(1000, async () => (await page(b)).status === 404);
    await new Promise((r) => setTimeout(r, 1000));
    expect((await page(c)).status).toBe(404);
    console.log(`cluster: publish seen on B after ${publishMs} ms, unpublish after ${unpublishMs} ms`);
  }, 60_000);

  it('shares the sign-in limit: three processes together allow what one allows', async () => {
    // Every request comes from 127.0.0.1; earlier sign-ins in this file counted too.
    const codes: number[] = [];
    for (let i = 0; i < LOGIN_LIMIT + 3; i++) {
      const p = processes[i % 3]!;
      const res = await fetch(`${p.base}/api/auth/login`, {
        method: 'POST',
        headers: json(),
        body: JSON.stringify({ login_id: 'nobody@example.com', password: 'Wrong@2026pass' }),
      });
      codes.push(res.status);
    }
    const allowed = codes.filter((c) => c !== 429).length;
    expect(allowed).toBeLessThanOrEqual(LOGIN_LIMIT - 1);
    expect(codes.slice(-3)).toEqual([429, 429, 429]);
  });

  it('loses no acknowledged contact submission and no owner mail when a process is killed with -9', async () => {
    const c = processes[2]!;
    const siteRow = await db.query("select id from sites where custom_path = 'hinode-autumn'");
    const siteId = siteRow.rows[0].id as string;
    const count = async (sql: string, params: unknown[] = []) =>
      (await db.query(sql, params)).rows[0].n as number;
    const contacts = () =>
      count("select count(*)::int as n from site_submissions where site_id = $1 and kind = 'CONTACT'", [
        siteId,
      ]);
    const allMails = () => count('select count(*)::int as n from mails');
    const submissionsBefore = await contacts();
    const mailsBefore = await allMails();
    const acknowledged: string[] = [];
    const post = (i: number) =>
      fetch(`${c.base}/api/end-user/site/${siteId}/contact`, {
        method: 'POST',
        headers: json(),
        body: JSON.stringify({
          data: { email: `visitor${i}@example.com`, company_name: `Visitor ${i}` },
          lang: 'JP',
          request_key: `cluster-${i}-${randomBytes(4).toString('hex')}`,
        }),
      })
        .then(async (res) => {
          if (res.status === 201) acknowledged.push(((await res.json()) as { data: { id: string } }).data.id);
          return res.status;
        })
        .catch(() => 0);
    const first = await post(0);
    expect(first, c.output().slice(-1500)).toBe(201);
    // More posts, a few milliseconds apart (the limit per address and site allows eight a
    // minute); the process is killed once three have been acknowledged, with others in flight.
    const inFlight: Promise<number>[] = [];
    for (let i = 1; i < LOGIN_LIMIT; i++) {
      inFlight.push(post(i));
      await new Promise((r) => setTimeout(r, 3));
    }
    await within(10_000, async () => acknowledged.length >= 3);
    c.child.kill('SIGKILL');
    await Promise.all(inFlight);
    const stored = await db.query('select id from site_submissions where id = any($1::uuid[])', [
      acknowledged,
    ]);
    expect(stored.rows.length).toBe(acknowledged.length);
    const submissions = (await contacts()) - submissionsBefore;
    const mails = (await allMails()) - mailsBefore;
    // Every stored submission (acknowledged or not) came with its owner's mail, queued to send.
    expect(submissions).toBeGreaterThanOrEqual(acknowledged.length);
    expect(mails).toBe(submissions);
    console.log(
      `cluster: ${acknowledged.length} acknowledged before kill -9, ${submissions} stored, ${mails} owner mails`,
    );
  }, 60_000);
});
