import { Alert, Box, Button, Card, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { type TBill, ZBillListQuery } from '@swipe/contracts/billing';
import { IconAlertCircle, IconCreditCardPay, IconReceipt } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatYen, todayJst } from '../../app/format';
import { ListFooter } from '../../app/list-footer';
import { useTableFits } from '../../app/list-page';
import { ListRows, type TListColumn, type TListRowsDef } from '../../app/list-rows';
import { defineListQuery, useListQuery } from '../../app/use-list-query';
import { useShell } from '../../app/use-shell';
import { useWriteAccess } from '../../app/write-access';
import { WriteButton } from '../../app/write-control';
import { billingApi, billingKeys } from './billing-api';
import { canPayNow, formatMonth } from './billing-format';
import { billRowAttrs, billStatusColumn, billTotalColumn, InvoiceButton, TestModeBadge } from './billing-ui';
import { PayBillModal } from './pay-bill-modal';

// Check Plan's payment history: the account's bills, newest first, each with its fees, status,
// invoice and (for an unpaid or failed card bill, or one past its due date) "Pay now", which lets
// the holder choose the card. Paged in the address (?page=&size=). The table shows only where
// its card holds every column; a narrower card (a phone) lists cards, so the status and the
// actions are never scrolled out of view.

const historyQuery = defineListQuery(ZBillListQuery.pick({ page: true, pageSize: true }));

const HEADING_STYLE = { letterSpacing: '0.04em' } as const;
/** The width the table needs for every column (wider cards show it, narrower ones cards). */
const TABLE_MIN_WIDTH = 820;

export function PaymentHistory({ accountId }: { accountId?: string }) {
  const { t } = useTranslation();
  const fits = useTableFits(TABLE_MIN_WIDTH);
  const list = useListQuery(historyQuery, {
    queryKey: (query) => billingKeys.list({ ...query, accountId }),
    queryFn: (query, signal) => billingApi.list({ ...query, accountId }, { signal }),
  });
  const [paying, setPaying] = useState<TBill | null>(null);
  const { result, rows, total } = list;
  const testMode = rows.some((b) => b.testMode);
  const historyRows = useHistoryRows(setPaying);

  const body = result.isPending ? (
    <Stack gap="sm" p="md" role="status" aria-busy="true" data-testid="payment-history-loading">
      {Array.from({ length: 3 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <Skeleton key={i} height={18} radius="sm" />
      ))}
    </Stack>
  ) : result.isError && !result.data ? (
    <Alert
      m="md"
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} />}
      data-testid="payment-history-error"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('billing.history.loadFailed')}</Text>
        <Button size="xs" variant="white" onClick={() => void result.refetch()}>
          {t('billing.retry')}
        </Button>
      </Group>
    </Alert>
  ) : rows.length === 0 ? (
    <Stack align="center" gap="xs" py={40} px="md" data-testid="payment-history-empty">
      <ThemeIcon size={44} radius="xl" variant="light" color="gray">
        <IconReceipt size={22} stroke={1.5} />
      </ThemeIcon>
      <Text fw={600}>{t('billing.history.emptyTitle')}</Text>
      <Text size="sm" c="dimmed" ta="center" maw={460}>
        {t('billing.history.emptyBody')}
      </Text>
    </Stack>
  ) : (
    <Box style={{ opacity: result.isPlaceholderData ? 0.6 : 1 }} aria-busy={result.isFetching}>
      <ListRows def={historyRows} rows={rows} table={fits.table} />
    </Box>
  );

  return (
    <Card
      p={0}
      ref={fits.ref}
      component="section"
      aria-labelledby="payment-history-heading"
      data-testid="payment-history"
      data-layout={fits.table ? 'table' : 'cards'}
    >
      <Group
        justify="space-between"
        gap="sm"
        p="md"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      >
        <Text id="payment-history-heading" size="xs" fw={600} c="dimmed" tt="uppercase" style={HEADING_STYLE}>
          {t('billing.history.heading')}
        </Text>
        {testMode && <TestModeBadge testId="payment-history-test-mode" />}
      </Group>
      {body}
      {total > 0 && (
        <ListFooter
          page={list.query.page}
          pageSize={list.query.pageSize}
          total={total}
          compact={fits.phone}
          onPage={(page) => list.update({ page })}
          onPageSize={(pageSize) => list.update({ pageSize })}
          testId="payment-history"
        />
      )}
      <Text size="xs" c="dimmed" px="md" pb="md" pt={total > 0 ? 0 : 'md'}>
        {t('billing.history.note')}
      </Text>
      <PayBillModal bill={paying} onClose={() => setPaying(null)} />
    </Card>
  );
}

function PayNowButton({ bill, onPay }: { bill: TBill; onPay: (bill: TBill) => void }) {
  const { t } = useTranslation();
  const { locked, reason } = useWriteAccess();
  const { user } = useShell();
  // Only the bill's own account may pay it (the server refuses anyone else).
  if (!canPayNow(bill, todayJst()) || bill.accountId !== user.accountId) return null;
  return (
    <WriteButton
      locked={locked}
      reason={reason}
      size="compact-sm"
      color={bill.status === 'FAILED' ? 'red.8' : undefined}
      leftSection={<IconCreditCardPay size={15} stroke={1.7} />}
      onClick={() => onPay(bill)}
      aria-label={t('billing.history.payNowOf', { number: bill.number })}
      data-testid="bill-pay-now"
    >
      {t('billing.history.payNow')}
    </WriteButton>
  );
}

/** A bill's fees (tax excluded), one short line each, amounts lined up. */
function FeeLines({ bill }: { bill: TBill }) {
  const { t, i18n } = useTranslation();
  const lines: [string, number][] = [
    [t('billing.table.planFee'), bill.planFee],
    [t('billing.table.pvFee'), bill.pageViewFee],
    [t('billing.table.licenseFee'), bill.licenseFee],
  ];
  if (bill.initialFee !== 0) lines.push([t('billing.table.initialFee'), bill.initialFee]);
  return (
    <Box
      component="dl"
      m={0}
      style={{ display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 12, rowGap: 0 }}
    >
      {lines.map(([label, amount]) => (
        <Fragment key={label}>
          <Text component="dt" size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {label}
          </Text>
          <Text component="dd" size="xs" m={0} ta="right" style={{ whiteSpace: 'nowrap' }}>
            {formatYen(amount, i18n.language)}
          </Text>
        </Fragment>
      ))}
    </Box>
  );
}

/** The history's columns, for its table and its phone cards. */
function useHistoryRows(onPay: (bill: TBill) => void): TListRowsDef<TBill> {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const columns: TListColumn<TBill>[] = [
    {
      key: 'month',
      header: t('billing.columns.month'),
      cell: (bill) => (
        <>
          <Text size="sm" fw={600}>
            {formatMonth(bill.month, lang)}
          </Text>
          <Text size="xs" c="dimmed">
            {bill.number}
          </Text>
        </>
      ),
      cardCell: (bill) => (
        <Text fw={600} size="sm">
          {formatMonth(bill.month, lang)}
        </Text>
      ),
      nowrap: true,
      card: 'title',
    },
    {
      key: 'plan',
      header: t('billing.columns.plan'),
      cell: (bill) => (
        <>
          <Text size="sm" className="break-anywhere">
            {bill.planName}
          </Text>
          <Text size="xs" c="dimmed">
            {t('billing.table.blocks', { n: formatCount(bill.blocksUsed, lang) })}
          </Text>
        </>
      ),
      cardCell: (bill) => `${bill.planName} · ${bill.number}`,
      miw: 110,
      card: 'subtitle',
    },
    {
      key: 'fees',
      header: t('billing.table.fees'),
      cell: (bill) => <FeeLines bill={bill} />,
      cardCell: (bill) => (
        <>
          {t('billing.history.breakdown', {
            plan: formatYen(bill.planFee, lang),
            pv: formatYen(bill.pageViewFee, lang),
            license: formatYen(bill.licenseFee, lang),
          })}
          {bill.initialFee !== 0 && ` · ${t('billing.fees.initialFee')} ${formatYen(bill.initialFee, lang)}`}
        </>
      ),
      card: 'meta',
    },
    { ...billTotalColumn(t), header: t('billing.fees.total') },
    billStatusColumn(t),
    {
      key: 'actions',
      header: t('billing.columns.actions'),
      headerHidden: true,
      cell: (bill) => (
        <Group gap={6} wrap="nowrap" justify="flex-end">
          <PayNowButton bill={bill} onPay={onPay} />
          <InvoiceButton bill={bill} />
        </Group>
      ),
      cardCell: (bill) => (
        <>
          <PayNowButton bill={bill} onPay={onPay} />
          <InvoiceButton bill={bill} labelled />
        </>
      ),
      card: 'actions',
    },
  ];
  return {
    columns,
    rowKey: (bill) => bill.id,
    rowTestId: 'bill-row',
    rowAttrs: billRowAttrs,
    tableMinWidth: TABLE_MIN_WIDTH,
  };
}
