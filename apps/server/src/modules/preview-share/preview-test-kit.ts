import { and, desc, eq, like } from 'drizzle-orm';
import { expect } from 'vitest';
import { mails } from '../../db/schema/platform';
import type { TTestApp } from '../../test/harness';

// The sign-in of an invited email (private sharing) in integration tests: ask for a code on the
// preview page, read it (and the link) from the outbox, and give it back.

/** The code and link of the newest code mail to `email` (undefined when none came). */
export async function lastPreviewCode(t: TTestApp, email: string) {
  // The codes are mailed by a job.
  await t.runJobs();
  const [mail] = await t.database.db
    .select({ text: mails.text, subject: mails.subject, language: mails.language })
    .from(mails)
    .where(and(eq(mails.to, email), like(mails.text, '%/preview/link?t=%')))
    .orderBy(desc(mails.createdAt))
    .limit(1);
  if (!mail) return undefined;
  return {
    ...mail,
    code: /^\d{6}$/m.exec(mail.text)![0],
    link: /https?:\/\/\S+\/preview\/link\?t=[\w-]{43}/.exec(mail.text)![0],
  };
}

/** Posts a preview form (urlencoded, as a browser does) from `ip`. */
export const previewForm = (
  t: TTestApp,
  siteId: string,
  step: 'code' | 'login',
  fields: Record<string, string>,
  opts: { ip?: string; cookie?: string } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `/site/${siteId}/preview/${step}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
    },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: opts.ip ?? `10.8.${Math.floor(Math.random() * 250)}.1`,
  });

/** Signs an invited email in through the preview's forms; the preview cookie (`previewToken=…`). */
export async function signInWithCode(
  t: TTestApp,
  siteId: string,
  email: string,
  opts: { password?: string; ip?: string } = {},
) {
  const asked = await previewForm(t, siteId, 'code', { email }, opts);
  expect(asked.statusCode, asked.body).toBe(200);
  const { code } = (await lastPreviewCode(t, email.trim().toLowerCase()))!;
  const posted = await previewForm(
    t,
    siteId,
    'login',
    { email, code, ...(opts.password ? { password: opts.password } : {}) },
    opts,
  );
  expect(posted.statusCode, posted.body).toBe(303);
  expect(posted.headers.location).toBe(`/site/${siteId}/preview/`);
  return String(posted.headers['set-cookie']).split(';')[0]!;
}

/** Signs an invited email in through the JSON calls (login/code, then login); the preview token. */
export async function tokenWithCode(
  t: TTestApp,
  siteId: string,
  email: string,
  opts: { password?: string; ip?: string } = {},
) {
  const remoteAddress = opts.ip ?? `10.9.${Math.floor(Math.random() * 250)}.1`;
  const asked = await t.app.inject({
    method: 'POST',
    url: `/api/preview/site/${siteId}/login/code`,
    payload: { email },
    remoteAddress,
  });
  expect(asked.statusCode, asked.body).toBe(200);
  const { code } = (await lastPreviewCode(t, email.trim().toLowerCase()))!;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/preview/site/${siteId}/login`,
    payload: { email, code, ...(opts.password ? { password: opts.password } : {}) },
    remoteAddress,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.token as string;
}
