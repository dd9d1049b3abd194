import { MantineProvider } from '@mantine/core';
import type { TWebhookDelivery } from '@swipe/contracts/webhooks';
import type { UseQueryResult } from '@tanstack/react-query';
import { createInstance } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { TEnvelope } from '../../app/api-client';
import { DeliveryLog } from './delivery-log';
import en from './i18n/en.json';
import ja from './i18n/ja.json';

// What the delivery log shows, in the page's markup: a row per delivery with its time in Japan,
// the event, the worded status, the attempts, the receiver's answer (or that none came), the
// error and the next try; the scroll frame named for screen readers.

type TQuery = UseQueryResult<TEnvelope<TWebhookDelivery[]>>;

const delivery = (over: Partial<TWebhookDelivery>): TWebhookDelivery => ({
  id: crypto.randomUUID(),
  eventId: crypto.randomUUID(),
  kind: 'SURVEY',
  status: 'DELIVERED',
  attempts: 1,
  responseStatus: 204,
  error: null,
  createdAt: '2026-10-01T00:00:05.000Z',
  deliveredAt: '2026-10-01T00:00:06.000Z',
  nextAttemptAt: null,
  body: '{"type":"conversion"}',
  ...over,
});

const query = (over: Partial<TQuery>) =>
  ({ isPending: false, isError: false, isFetching: false, refetch: async () => ({}), ...over }) as TQuery;

async function render(q: TQuery, lang: 'en' | 'ja' = 'en') {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: lang,
    resources: { en: { translation: en }, ja: { translation: ja } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <DeliveryLog url="https://inbox.test/hooks" query={q} live={false} />
      </MantineProvider>
    </I18nextProvider>,
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const rows = (html: string) => html.split('data-testid="delivery-row"').slice(1).map(text);

describe('DeliveryLog', () => {
  it('shows each delivery in a row: JST time, event, status, attempts, answer, error, next try', async () => {
    const html = await render(
      query({
        data: {
          data: [
            delivery({
              kind: 'TEST',
              status: 'RETRYING',
              attempts: 2,
              responseStatus: null,
              error: 'connect ETIMEDOUT',
              deliveredAt: null,
              nextAttemptAt: '2026-10-01T00:00:25.000Z',
            }),
            delivery({ kind: 'SURVEY' }),
            delivery({
              kind: 'CONTACT',
              status: 'PENDING',
              attempts: 0,
              responseStatus: null,
              deliveredAt: null,
            }),
          ],
        },
      }),
    );
    const [retrying, delivered, pending] = rows(html);
    expect(retrying).toContain('Oct 1, 2026, 09:00:05 AM');
    expect(retrying).toContain('Test event');
    expect(retrying).toContain('Retrying');
    expect(retrying).toContain('2 / 6');
    expect(retrying).toContain('No answer');
    expect(retrying).toContain('connect ETIMEDOUT');
    expect(retrying).toContain('Oct 1, 2026, 09:00:25 AM');
    expect(delivered).toContain('Survey answer');
    expect(delivered).toContain('Delivered');
    expect(delivered).toContain('204');
    // Not tried yet: no answer to speak of.
    expect(pending).toContain('Pending');
    expect(pending).not.toContain('No answer');
    expect(html).toContain('data-status="RETRYING"');
    // Keyboard: the frame scrolls with the arrow keys and is named; the rows open with a button.
    expect(html).toContain('aria-label="Delivery log of https://inbox.test/hooks"');
    expect(html).toMatch(/tabindex="0"/);
    expect(html).toContain('aria-expanded="false"');
  });

  it('speaks the UI language', async () => {
    const html = await render(query({ data: { data: [delivery({ status: 'FAILED', attempts: 6 })] } }), 'ja');
    const [row] = rows(html);
    expect(row).toContain('2026年10月1日 09:00:05');
    expect(row).toContain('アンケート回答');
    expect(row).toContain('失敗');
    expect(text(html)).toContain('日時（日本時間）');
  });

  it('has its empty, loading and error states', async () => {
    expect(text(await render(query({ data: { data: [] } })))).toContain('No delivery yet.');
    expect(await render(query({ isPending: true }))).toContain('data-testid="delivery-log-loading"');
    const failed = await render(query({ isError: true, error: new Error('x') } as Partial<TQuery>));
    expect(text(failed)).toContain('The delivery log could not be loaded.');
  });
});
