import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails } from '../../db/schema/platform';
import { sites } from '../../db/schema/sites';
import { startTestApp, type TTestApp } from '../../test/harness';
import { signInWithCode } from '../preview-share/preview-test-kit';
import { insertSite, siteDocument } from '../sites/site-fixtures';
import { signedInCaller, type TSignedInCall } from '../users/users-test-kit';

// Review comments on a shared preview: an invitee signed in with their email's code pins a comment
// and replies; the site's creators list, reply to, resolve and reopen them; each side is mailed;
// a revoked invitee, open sharing, another tenant and a bad page are refused.

let t: TTestApp;
let call: TSignedInCall;
beforeAll(async () => {
  t = await startTestApp();
  call = signedInCaller(t);
});
afterAll(async () => t?.close());

const REVIEWER = 'reviewer@example.com';

/** A 2 x 2 draft in JP and EN of the OEM's company, shared privately with REVIEWER, signed in. */
async function sharedSite() {
  const doc = siteDocument({ name: 'Comment Site', rows: 2, columns: 2, languages: ['JP', 'EN'] });
  const site = await insertSite(t.database.db, { accountId: t.fixtures.accounts.company.id, doc });
  // Made by the company's user: the creator the comments are mailed to.
  await t.database.db.update(sites).set({ createdBy: t.fixtures.users.user.id }).where(eq(sites.id, site.id));
  const shared = await call('user@example.com', 'POST', `/api/preview/site/${site.id}/share`, {
    emails: [REVIEWER],
    is_private: true,
  });
  expect(shared.statusCode, shared.body).toBe(200);
  const cookie = await signInWithCode(t, site.id, REVIEWER);
  return { site, cookie };
}

const asInvitee = (
  cookie: string | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  extra: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), 'accept-language': 'en', ...extra },
    ...(payload ? { payload } : {}),
  });

const mailTo = async (to: string) => t.database.db.select().from(mails).where(eq(mails.to, to));

describe('review comments', () => {
  it('go from an invitee pin to a creator reply, resolution and reopening, each side mailed', async () => {
    const { site, cookie } = await sharedSite();
    const base = `/site/${site.id}/preview/comments`;
    const creatorMailsBefore = (await mailTo('user@example.com')).length;

    const first = await asInvitee(cookie, 'POST', base, {
      lang: 'EN',
      page: 'B2',
      x: 420,
      y: 880,
      body: 'The button is hard to read.',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({
      number: 1,
      lang: 'EN',
      page: 'B2',
      x: 420,
      y: 880,
      author: { kind: 'INVITEE', name: REVIEWER },
      resolved_at: null,
      replies: [],
    });
    const id = first.json().data.id;
    const second = await asInvitee(cookie, 'POST', base, {
      lang: 'JP',
      page: 'A1',
      x: 0,
      y: 1000,
      body: '画像が暗い',
    });
    expect(second.json().data.number).toBe(2);
    // The invitee answers their own thread.
    const own = await asInvitee(cookie, 'POST', `${base}/${id}/replies`, { body: 'Especially on phones.' });
    expect(own.statusCode).toBe(201);
    expect(own.json().data.replies).toHaveLength(1);
    // The site's creator was mailed three times (two comments, one reply), with the editor's link.
    const creatorMails = (await mailTo('user@example.com')).slice(creatorMailsBefore);
    expect(creatorMails).toHaveLength(3);
    expect(creatorMails[0]!.subject).toContain('reviewer@example.com');
    expect(creatorMails[0]!.text).toContain(`/admin-user/site/${site.id}`);

    // The console lists both, open first, newest first.
    const list = await call('user@example.com', 'GET', `/api/site/${site.id}/comments`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((c: { number: number }) => c.number)).toEqual([2, 1]);

    // A creator replies: the invitee is mailed, with the preview's link.
    const reply = await call('user@example.com', 'POST', `/api/site/${site.id}/comments/${id}/replies`, {
      body: 'Fixed: darker green.',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().data.replies.at(-1)).toMatchObject({
      author: { kind: 'CREATOR' },
      body: 'Fixed: darker green.',
    });
    const reviewerMails = await mailTo(REVIEWER);
    // In the draft's default language (Japanese here): the invitee has no language of their own.
    const replyMail = reviewerMails.find((m) => m.text.includes('Fixed: darker green.'));
    expect(replyMail?.subject).toContain('返信しました');
    expect(replyMail?.text).toContain(`/site/${site.id}/preview/`);

    // Resolve, then reopen; resolved threads list after the open ones.
    const resolved = await call('user@example.com', 'PUT', `/api/site/${site.id}/comments/${id}/resolve`, {
      resolved: true,
    });
    expect(resolved.json().data.resolved_at).not.toBeNull();
    const after = (await asInvitee(cookie, 'GET', base)).json().data;
    expect(
      after.map((c: { number: number; resolved_at: string | null }) => [c.number, c.resolved_at !== null]),
    ).toEqual([
      [2, false],
      [1, true],
    ]);
    // Resolving it again keeps the first resolution.
    const again = await call('user@example.com', 'PUT', `/api/site/${site.id}/comments/${id}/resolve`, {
      resolved: true,
    });
    expect(again.json().data.resolved_at).toBe(resolved.json().data.resolved_at);
    const reopened = await call('user@example.com', 'PUT', `/api/site/${site.id}/comments/${id}/resolve`, {
      resolved: false,
    });
    expect(reopened.json().data.resolved_at).toBeNull();
    expect(reopened.json().message).toBe('Comment reopened.');

    // An expired site is read-only: no replies, no resolving.
    await t.database.db.update(sites).set({ status: 'EXPIRED' }).where(eq(sites.id, site.id));
    const late = await call('user@example.com', 'POST', `/api/site/${site.id}/comments/${id}/replies`, {
      body: 'late',
    });
    expect(late.statusCode).toBe(409);
    const closed = await call('user@example.com', 'PUT', `/api/site/${site.id}/comments/${id}/resolve`, {
      resolved: true,
    });
    expect(closed.statusCode).toBe(409);
  });

  it('refuses bad input with messages, a page outside the draft, and posts from another origin', async () => {
    const { site, cookie } = await sharedSite();
    const base = `/site/${site.id}/preview/comments`;
    const empty = await asInvitee(cookie, 'POST', base, { lang: 'EN', page: 'A1', x: 1, y: 1, body: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0]).toMatchObject({ field: 'body', message: 'This field is required.' });
    const outside = await asInvitee(cookie, 'POST', base, { lang: 'EN', page: 'C9', x: 1, y: 1, body: 'x' });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe('This page is not in the draft any more.');
    const wrongLanguage = await asInvitee(cookie, 'POST', base, {
      lang: 'KR',
      page: 'A1',
      x: 1,
      y: 1,
      body: 'x',
    });
    expect(wrongLanguage.statusCode).toBe(400);
    const offGrid = await asInvitee(cookie, 'POST', base, {
      lang: 'EN',
      page: 'A1',
      x: 1001,
      y: 1,
      body: 'x',
    });
    expect(offGrid.statusCode).toBe(400);
    const forged = await asInvitee(
      cookie,
      'POST',
      base,
      { lang: 'EN', page: 'A1', x: 1, y: 1, body: 'x' },
      {
        origin: 'https://evil.example',
      },
    );
    expect(forged.statusCode).toBe(404);
    expect((await call('user@example.com', 'GET', `/api/site/${site.id}/comments`)).json().data).toEqual([]);
  });

  it('refuses whoever is not a signed-in invitee: no cookie, a revoked email, open sharing', async () => {
    const { site, cookie } = await sharedSite();
    const base = `/site/${site.id}/preview/comments`;
    const input = { lang: 'EN', page: 'A1', x: 1, y: 1, body: 'hello' };
    expect((await asInvitee(null, 'GET', base)).statusCode).toBe(401);
    expect((await asInvitee(null, 'POST', base, input)).statusCode).toBe(401);
    // Another site's cookie is no sign-in here.
    const other = await sharedSite();
    expect((await asInvitee(other.cookie, 'POST', base, input)).statusCode).toBe(401);
    // Revoked: refused at once.
    const revoked = await call('user@example.com', 'PUT', `/api/preview/site/${site.id}/share/revoke`, {
      emails: [REVIEWER],
      resend_all: false,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await asInvitee(cookie, 'POST', base, input)).statusCode).toBe(401);
    expect((await asInvitee(cookie, 'GET', base)).statusCode).toBe(401);
    // Open sharing: anyone may look at the draft, nobody may comment (no name to put on it).
    const open = await call('user@example.com', 'POST', `/api/preview/site/${other.site.id}/share`, {
      emails: [],
      is_private: false,
    });
    expect(open.statusCode, open.body).toBe(200);
    // An email's sign-in made while sharing was private comments no more once it is open.
    const switched = await asInvitee(other.cookie, 'POST', `/site/${other.site.id}/preview/comments`, input);
    expect(switched.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/preview/site/${other.site.id}/login`,
      payload: {},
      remoteAddress: '10.6.0.1',
    });
    const token = anonymous.json().data?.token as string | undefined;
    if (token) {
      const refused = await asInvitee(
        `previewToken=${token}`,
        'POST',
        `/site/${other.site.id}/preview/comments`,
        input,
      );
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(
        'Comments are for people invited by email: ask the site owner for an invitation.',
      );
    }
  });

  it("keeps one tenant's comments from another", async () => {
    const { site, cookie } = await sharedSite();
    const made = await asInvitee(cookie, 'POST', `/site/${site.id}/preview/comments`, {
      lang: 'EN',
      page: 'A1',
      x: 5,
      y: 5,
      body: 'mine',
    });
    const id = made.json().data.id;
    expect((await call('direct@example.com', 'GET', `/api/site/${site.id}/comments`)).statusCode).toBe(404);
    expect(
      (await call('direct@example.com', 'POST', `/api/site/${site.id}/comments/${id}/replies`, { body: 'x' }))
        .statusCode,
    ).toBe(404);
    // Nor through another site's address.
    const otherSite = await insertSite(t.database.db, {
      accountId: t.fixtures.accounts.company.id,
      doc: siteDocument(),
    });
    expect(
      (
        await call('user@example.com', 'PUT', `/api/site/${otherSite.id}/comments/${id}/resolve`, {
          resolved: true,
        })
      ).statusCode,
    ).toBe(404);
    const still = await call('user@example.com', 'GET', `/api/site/${site.id}/comments`);
    expect(still.json().data[0]).toMatchObject({ resolved_at: null, replies: [] });
  });
});
