import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mails } from '../../db/schema/platform';
import type { TAppContext } from '../../platform/context';
import { escapeHtml } from '../../platform/mail';

// Demo mode only: the outbox as a page, so a newcomer can open reset and confirmation links
// without any SMTP server. Not under /api and never registered in production.
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1f2933}main{max-width:960px;margin:0 auto;padding:24px}
table{width:100%;border-collapse:collapse;background:#fff;border-radius:8px;overflow:hidden}td,th{padding:10px 12px;border-bottom:1px solid #e5e7eb;text-align:left;font-size:14px}
a{color:#1c7ed6}.mail{background:#fff;border-radius:8px;padding:16px 24px}.meta{color:#52606d;font-size:13px}.empty{padding:32px;text-align:center;color:#52606d}</style></head>
<body><main>${body}</main></body></html>`;

export function registerDevMailbox(app: FastifyInstance, ctx: TAppContext) {
  app.get('/dev/mail', async (_req, reply) => {
    const rows = await ctx.db.select().from(mails).orderBy(desc(mails.createdAt)).limit(200);
    const list = rows.length
      ? `<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th><th>Status</th></tr></thead><tbody>${rows
          .map(
            (m) =>
              `<tr><td>${m.createdAt.toISOString().replace('T', ' ').slice(0, 19)}</td><td>${escapeHtml(m.to)}</td><td><a href="/dev/mail/${m.id}">${escapeHtml(m.subject)}</a></td><td>${m.status}</td></tr>`,
          )
          .join('')}</tbody></table>`
      : '<p class="empty">No mail has been sent yet.</p>';
    return reply.type('text/html; charset=utf-8').send(page('Dev mailbox', `<h1>Dev mailbox</h1>${list}`));
  });

  app.get<{ Params: { id: string } }>('/dev/mail/:id', async (req, reply) => {
    const id = /^[0-9a-f-]{36}$/.test(req.params.id) ? req.params.id : null;
    const [m] = id ? await ctx.db.select().from(mails).where(eq(mails.id, id)) : [];
    if (!m)
      return reply
        .status(404)
        .type('text/html; charset=utf-8')
        .send(page('Not found', '<p>No such mail.</p>'));
    // The mail HTML was built by the product from escaped text, so it is safe to show inline.
    const html = m.html.replace(/^.*<body[^>]*>/s, '').replace(/<\/body>.*$/s, '');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        page(
          escapeHtml(m.subject),
          `<p><a href="/dev/mail">&larr; All mail</a></p><div class="mail"><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to)} &middot; ${m.createdAt.toISOString()}</p>${html}</div>`,
        ),
      );
  });
}
