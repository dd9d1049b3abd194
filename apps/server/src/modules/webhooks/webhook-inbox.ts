import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { webhookTestInbox } from '../../db/schema/webhooks';
import type { TAppContext } from '../../platform/context';
import { escapeHtml } from '../../platform/mail';

// Test mode (demo servers only): what `.test` webhook URLs received, as a page, so a newcomer
// can see a signed delivery without a server of their own. Not under /api, never in production.

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Webhook test inbox</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1f2933}main{max-width:960px;margin:0 auto;padding:24px}
.req{background:#fff;border-radius:8px;padding:16px 20px;margin:0 0 16px}.meta{color:#52606d;font-size:13px;margin:0 0 8px;word-break:break-all}
pre{background:#f1f3f5;border-radius:6px;padding:10px;overflow:auto;font-size:13px;white-space:pre-wrap;word-break:break-all}.empty{padding:32px;text-align:center;color:#52606d}</style></head>
<body><main><h1>Webhook test inbox</h1><p class="meta">Deliveries to webhook URLs on the reserved <code>.test</code> domain land here instead of going over the network (test mode of a demo server). Newest first.</p>${body}</main></body></html>`;

export function registerWebhookInbox(app: FastifyInstance, ctx: TAppContext) {
  app.get('/dev/webhooks', async (_req, reply) => {
    const rows = await ctx.db
      .select()
      .from(webhookTestInbox)
      .orderBy(desc(webhookTestInbox.receivedAt))
      .limit(100);
    const list = rows.length
      ? rows
          .map((r) => {
            let body = r.body;
            try {
              body = JSON.stringify(JSON.parse(r.body), null, 2);
            } catch {}
            const headers = Object.entries(r.headers)
              .map(([k, v]) => `${escapeHtml(k)}: ${escapeHtml(v)}`)
              .join('\n');
            return `<section class="req" data-testid="inbox-request"><p class="meta">POST ${escapeHtml(r.url)} &middot; ${r.receivedAt.toISOString()}</p><pre>${headers}</pre><pre>${escapeHtml(body)}</pre></section>`;
          })
          .join('')
      : '<p class="empty">Nothing has been delivered to a .test URL yet.</p>';
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page(list));
  });
}
