import {
  type TOutstandingBill,
  type TPayBillBody,
  ZOutstandingBillsResponse,
} from '@swipe/contracts/bill-payment';
import {
  type TBill,
  type TBillDetail,
  type TBillingSettings,
  type TBillingSettingsState,
  type TBillListQuery,
  type TCardSetup,
  type TPaymentCard,
  type TPaymentMethod,
  ZBillingSettingsResponse,
  ZBillListResponse,
  ZBillResponse,
  ZCardSetup,
  ZCardsResponse,
  ZPaymentCard,
  ZRunBillingResponse,
  ZTestCardTokenResponse,
} from '@swipe/contracts/billing';
import { envelope } from '@swipe/contracts/envelope';
import { api, type TRequestOptions } from '../../app/api-client';
import { downloadCsv, downloadFile } from '../../app/csv-download';
import { withoutPaging } from '../../app/use-list-query';
import { MOVE_PATHS, type TManualMove } from './billing-format';

// The /api/bills and /api/billing endpoints, typed by the contracts; every answer is checked
// against its response schema.

type TOpts = Pick<TRequestOptions, 'toast' | 'signal'>;
const enc = encodeURIComponent;

export type TCards = { cards: TPaymentCard[]; testMode: boolean; method: TPaymentMethod };

export const billingKeys = {
  all: ['billing'] as const,
  bills: ['billing', 'bills'] as const,
  list: (query: Partial<TBillListQuery>) => ['billing', 'bills', 'list', query] as const,
  detail: (id: string) => ['billing', 'bills', 'detail', id] as const,
  /** Under `bills`, so whatever refreshes the bills refreshes the banner too. */
  outstanding: ['billing', 'bills', 'outstanding'] as const,
  cards: ['billing', 'cards'] as const,
  settings: ['billing', 'settings'] as const,
};

const ZCardSetupResponse = envelope(ZCardSetup);
const ZPaymentCardResponse = envelope(ZPaymentCard);

export const billingApi = {
  list: (query: Partial<TBillListQuery>, opts?: TOpts) =>
    api.get<TBill[]>('/api/bills', { ...opts, query, schema: ZBillListResponse }),

  exportCsv: (query: TBillListQuery) =>
    downloadCsv('/api/bills/export-csv', withoutPaging(query), 'bills.csv'),

  get: (id: string, opts?: TOpts) =>
    api.get<TBillDetail>(`/api/bills/${enc(id)}`, { ...opts, schema: ZBillResponse }),

  /** Saves the bill's invoice PDF (fetched with the bearer token). */
  invoice: (bill: Pick<TBill, 'id' | 'number'>) =>
    downloadFile(`/api/bills/${enc(bill.id)}/invoice`, {}, `invoice-${bill.number}.pdf`, 'application/pdf'),

  move: (id: string, move: TManualMove, reason: string | undefined, opts?: TOpts) =>
    api.post<TBillDetail>(`/api/bills/${enc(id)}/${MOVE_PATHS[move]}`, reason ? { reason } : {}, {
      ...opts,
      schema: ZBillResponse,
    }),

  /** Pays now with the default card, or the saved card `body.cardId` names. */
  pay: (id: string, body: TPayBillBody = {}, opts?: TOpts) =>
    api.post<TBillDetail>(`/api/bills/${enc(id)}/pay`, body, { ...opts, schema: ZBillResponse }),

  /** The caller's own bills that need it: a failed charge, or unpaid past the due date. */
  outstanding: (opts?: TOpts) =>
    api.get<TOutstandingBill[]>('/api/bills/outstanding', { ...opts, schema: ZOutstandingBillsResponse }),

  cards: (opts?: TOpts) => api.get<TCards>('/api/billing/cards', { ...opts, schema: ZCardsResponse }),

  cardSetup: (opts?: TOpts) =>
    api.post<TCardSetup>('/api/billing/cards/setup', {}, { ...opts, schema: ZCardSetupResponse }),

  testCardToken: (body: { number: string; expMonth: number; expYear: number; cvc: string }, opts?: TOpts) =>
    api.post<{ token: string }>('/api/billing/test-cards', body, { ...opts, schema: ZTestCardTokenResponse }),

  addCard: (token: string, opts?: TOpts) =>
    api.post<TPaymentCard>('/api/billing/cards', { token }, { ...opts, schema: ZPaymentCardResponse }),

  removeCard: (id: string, opts?: TOpts) => api.delete<null>(`/api/billing/cards/${enc(id)}`, opts),

  setDefaultCard: (id: string, opts?: TOpts) =>
    api.post<unknown>(`/api/billing/cards/${enc(id)}/default`, {}, opts),

  setMethod: (method: TPaymentMethod, opts?: TOpts) =>
    api.put<unknown>('/api/billing/method', { method }, opts),

  settings: (opts?: TOpts) =>
    api.get<TBillingSettingsState>('/api/billing/settings', { ...opts, schema: ZBillingSettingsResponse }),

  saveSettings: (body: TBillingSettings, opts?: TOpts) =>
    api.put<TBillingSettingsState>('/api/billing/settings', body, {
      ...opts,
      schema: ZBillingSettingsResponse,
    }),

  run: (month: string, opts?: TOpts) =>
    api.post<{ month: string; created: number; held: number }>(
      '/api/billing/run',
      { month },
      { ...opts, schema: ZRunBillingResponse },
    ),
};
