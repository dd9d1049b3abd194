import { Badge, Stack, Text, Tooltip } from '@mantine/core';
import { paymentFailureKey } from '@swipe/contracts/bill-payment';
import type { TBill, TBillStatus, TPaymentMethod } from '@swipe/contracts/billing';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { IconFileTypePdf, IconFlask } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/api-client';
import { isCatalogueLoaded, loadCatalogue, subscribeCatalogue, translateMessage } from '../../app/catalogue';
import { formatShortDate, formatYen } from '../../app/format';
import { RowAction } from '../../app/icon-tool';
import type { TListColumn } from '../../app/list-rows';
import { notifyError } from '../../app/notify';
import { billingApi } from './billing-api';
import { billStatusColor } from './billing-format';

// Small pieces shared by Check Plan's billing sections and the billing screen.

export function BillStatusBadge({ status }: { status: TBillStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={billStatusColor(status)}
      autoContrast
      variant="filled"
      radius="sm"
      tt="none"
      data-testid="bill-status"
      data-status={status}
    >
      {t(`billing.status.${status}`)}
    </Badge>
  );
}

/**
 * Why a bill's last charge failed, in the UI language: the catalogue's text for the provider's
 * code (a generic one for a code it does not know), never the provider's own English words.
 * Empty until the catalogue has arrived (it is fetched here if no form has fetched it yet).
 */
export function useFailureReason() {
  const { i18n } = useTranslation();
  const loaded = useSyncExternalStore(subscribeCatalogue, isCatalogueLoaded, isCatalogueLoaded);
  useEffect(() => {
    if (!loaded) void loadCatalogue();
  }, [loaded]);
  return (bill: Pick<TBill, 'failureCode'>) =>
    loaded ? translateMessage(paymentFailureKey(bill.failureCode), i18n.language as TUiLanguage) : '';
}

/** The status of a bill and what became of it: paid on which day, or why its charge failed. */
export function BillStatusCell({ bill }: { bill: TBill }) {
  const { t, i18n } = useTranslation();
  const failureReason = useFailureReason();
  return (
    <Stack gap={4} align="flex-start">
      <BillStatusBadge status={bill.status} />
      {bill.status === 'PAID' && bill.paidAt && (
        <Text size="xs" c="dimmed">
          {t('billing.history.paidOn', { date: formatShortDate(bill.paidAt, i18n.language) })}
        </Text>
      )}
      {bill.status === 'FAILED' && (
        <Text size="xs" c="red.8" maw={220} data-testid="bill-failure">
          {t('billing.history.failure', { reason: failureReason(bill) })}
        </Text>
      )}
    </Stack>
  );
}

export function MethodText({ method }: { method: TPaymentMethod }) {
  const { t } = useTranslation();
  return <>{t(`billing.method.${method}`)}</>;
}

/** A bill's total (tax included) with how it is paid beneath: a table cell's or a card's corner. */
export function BillTotal({ bill }: { bill: Pick<TBill, 'total' | 'method'> }) {
  const { i18n } = useTranslation();
  return (
    <>
      <Text size="sm" fw={650} data-testid="bill-total">
        {formatYen(bill.total, i18n.language)}
      </Text>
      <Text size="xs" c="dimmed">
        <MethodText method={bill.method} />
      </Text>
    </>
  );
}

/** Payments go to the test provider: said loudly wherever cards or bills are shown. */
export function TestModeBadge({ testId = 'billing-test-mode' }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip
      label={t('billing.testModeHint')}
      multiline
      maw={280}
      withArrow
      events={{ hover: true, focus: true, touch: true }}
    >
      <Badge
        color="yellow"
        variant="filled"
        radius="sm"
        tt="none"
        leftSection={<IconFlask size={13} />}
        tabIndex={0}
        data-testid={testId}
        style={{ color: 'var(--mantine-color-dark-9)' }}
      >
        {t('billing.testMode')}
      </Badge>
    </Tooltip>
  );
}

/** Downloads the bill's invoice PDF; an icon with a tooltip, or a labelled button on a phone. */
export function InvoiceButton({
  bill,
  labelled = false,
  size = 'compact-sm',
}: {
  bill: Pick<TBill, 'id' | 'number'>;
  labelled?: boolean;
  /** The labelled button's size, to sit beside other buttons. */
  size?: 'compact-sm' | 'sm';
}) {
  const { t } = useTranslation();
  const download = useMutation({
    mutationFn: () => billingApi.invoice(bill),
    onError: (error) => notifyError(error instanceof ApiError ? error.message : t('billing.invoiceFailed')),
  });
  return (
    <RowAction
      label={t('billing.invoiceOf', { number: bill.number })}
      text={t('billing.invoice')}
      icon={(size) => <IconFileTypePdf size={size} stroke={1.7} />}
      onClick={() => download.mutate()}
      loading={download.isPending}
      labelled={labelled}
      button={{ size, variant: 'default' }}
      testId="bill-invoice"
    />
  );
}

/** A bill's row attributes, table row or card: its number and status. */
export const billRowAttrs = (bill: TBill) => ({ 'data-number': bill.number, 'data-status': bill.status });

/** The total column of a list of bills: a table cell, or a card's top right corner. */
export function billTotalColumn(t: TFunction): TListColumn<TBill> {
  return {
    key: 'total',
    header: t('billing.columns.total'),
    cell: (bill) => <BillTotal bill={bill} />,
    align: 'right',
    nowrap: true,
    card: 'aside',
  };
}

/** The status column of a list of bills (what became of each: paid when, or why it failed). */
export function billStatusColumn(t: TFunction): TListColumn<TBill> {
  return {
    key: 'status',
    header: t('billing.columns.status'),
    cell: (bill) => <BillStatusCell bill={bill} />,
    miw: 120,
    testId: 'bill-status-cell',
    card: 'badge',
  };
}
