import type { TUiLanguage } from '@swipe/contracts/i18n';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { TDb } from '../db/client';
import { mails } from '../db/schema/platform';
import type { TDbOrTx } from '../db/tx';
import { enqueueJob, type TJobHandler } from './jobs';

// One mailer: every mail is written to the `mails` table and sent by a job, so a
// failing SMTP server is retried with backoff and a restart loses nothing. Without SMTP_URL the
// table is the outbox that the dev mailbox shows.

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const linkify = (escaped: string) =>
  escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

export function renderMailHtml(lines: string[]) {
  return `<!doctype html><html><body style="font-family:sans-serif;line-height:1.6">${lines
    .map((l) => `<p>${linkify(escapeHtml(l))}</p>`)
    .join('')}</body></html>`;
}

// Header injection: a subject or recipient taken from what a visitor typed must not be able to
// start a header of its own. Subjects lose control characters (CR, LF, NUL...); a recipient must
// be one plain address (no name part, list, comment or line break), else `send` refuses.
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]+/gu;
const HAS_CONTROL_CHARACTER = /[\p{Cc}\u2028\u2029]/u;
const PLAIN_ADDRESS = /^[^\s@<>,;:"()[\]\\]+@[^\s@<>,;:"()[\]\\]+\.[^\s@<>,;:"()[\]\\]+$/;

/** A subject safe for one header line: control characters become a space, runs of space one. */
export const cleanSubject = (subject: string) =>
  subject.replace(CONTROL_CHARACTERS, ' ').replace(/ {2,}/g, ' ').trim();

/** True for one plain address (`name@host.tld`), nothing else. */
export const isPlainAddress = (to: string) =>
  to.length <= 254 && !HAS_CONTROL_CHARACTER.test(to) && PLAIN_ADDRESS.test(to);

export interface TMailer {
  /**
   * Stores the mail and queues its sending. Given a transaction, both are part of it: what the
   * mail announces (a submission, an answer) and the mail are kept together or not at all.
   */
  send(
    mail: { to: string; language: TUiLanguage; subject: string; lines: string[] },
    opts?: { db?: TDbOrTx },
  ): Promise<string>;
  jobHandlers: Record<string, TJobHandler>;
}

export function createMailer(opts: {
  db: TDb;
  smtpUrl?: string;
  from: string;
  onQueued?: () => void;
}): TMailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(mail, sendOpts) {
      if (!isPlainAddress(mail.to)) throw new Error('mail: the recipient is not one plain address');
      const db = sendOpts?.db ?? opts.db;
      const [row] = await db
        .insert(mails)
        .values({
          to: mail.to,
          subject: cleanSubject(mail.subject),
          text: mail.lines.join('\n\n'),
          html: renderMailHtml(mail.lines),
          language: mail.language,
        })
        .returning({ id: mails.id });
      await enqueueJob(db, { kind: 'mail.send', payload: { mailId: row!.id } });
      opts.onQueued?.();
      return row!.id;
    },
    jobHandlers: {
      'mail.send': async (payload) => {
        const id = String(payload.mailId);
        const [mail] = await opts.db.select().from(mails).where(eq(mails.id, id));
        if (!mail || mail.status === 'sent') return;
        if (transport) {
          try {
            await transport.sendMail({
              from: opts.from,
              to: mail.to,
              subject: mail.subject,
              text: mail.text,
              html: mail.html,
            });
          } catch (e) {
            await opts.db
              .update(mails)
              .set({ error: String(e) })
              .where(eq(mails.id, id));
            throw e;
          }
        }
        await opts.db
          .update(mails)
          .set({ status: 'sent', sentAt: new Date(), error: null })
          .where(eq(mails.id, id));
      },
    },
  };
}
