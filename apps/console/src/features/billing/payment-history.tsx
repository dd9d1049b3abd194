import {
  Alert,
  Box,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type TBill, type TBillDetail, ZBillListQuery } from '@swipe/contracts/billing';
import { IconAlertCircle, IconCreditCardPay, IconReceipt } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TEnvelope } from '../../app/api-client';
import { formatCount, formatShortDate, formatYen } from '../../app/format';
import { ListFooter } from '../../app/list-footer';
import { ListCards, ListTable, PHONE_MEDIA } from '../../app/list-page';
import { notifyError, notifySuccess } from '../../app/notify';
import { defineListQuery, useListQuery } from '../../app/use-list-query';
import { useShell } from '../../app/use-shell';
import { useWriteAccess } from '../../app/write-access';
import { WriteButton } from '../../app/write-control';
import { billingApi, billingKeys } from './billing-api';
import { canPayNow, formatMonth } from './billing-format';
import { BillStatusBadge, InvoiceButton, MethodText, TestModeBadge } from './billing-ui';

// Check Plan's payment history: the account's bills, newest first, each with its fees, status,
// invoice and (for an unpaid or failed card bill) "Pay now". Paged in the address (?page=&size=).

const historyQuery = defineListQuery(ZBillListQuery.pick({ page: true, pageSize: true }));

const HEADING_STYLE = { letterSpacing: '0.04em' } as const;

/** Pays a card bill now with the default card; the answer says whether it went through. */
function usePayNow() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bill: TBill) => billingApi.pay(bill.id),
    onSuccess: ({ data, message }: TEnvelope<TBillDetail>) => {
      void queryClient.invalidateQueries({ queryKey: billingKeys.bills });
      if (data.status === 'FAILED')
        notifyError(
          t('billing.history.payFailed', { reason: data.failureMessage ?? t('billing.history.declined') }),
        );
      else
        notifySuccess(
          message ?? t(data.status === 'PAID' ? 'billing.history.paid' : 'billing.history.paying'),
        );
    },
  });
}

export function PaymentHistory({ accountId }: { accountId?: string }) {
  const { t } = useTranslation();
  const phone = Boolean(useMediaQuery(PHONE_MEDIA));
  const list = useListQuery(historyQuery, {
    queryKey: (query) => billingKeys.list({ ...query, accountId }),
    queryFn: (query, signal) => billingApi.list({ ...query, accountId }, { signal }),
  });
  const pay = usePayNow();
  const { result, rows, total } = list;
  const testMode = rows.some((b) => b.testMode);

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
      {phone ? (
        <HistoryCards
          rows={rows}
          onPay={(b) => pay.mutate(b)}
          paying={pay.isPending ? pay.variables : null}
        />
      ) : (
        <HistoryTable
          rows={rows}
          onPay={(b) => pay.mutate(b)}
          paying={pay.isPending ? pay.variables : null}
        />
      )}
    </Box>
  );

  return (
    <Card p={0} component="section" aria-labelledby="payment-history-heading" data-testid="payment-history">
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
          compact={phone}
          onPage={(page) => list.update({ page })}
          onPageSize={(pageSize) => list.update({ pageSize })}
          testId="payment-history"
        />
      )}
      <Text size="xs" c="dimmed" px="md" pb="md" pt={total > 0 ? 0 : 'md'}>
        {t('billing.history.note')}
      </Text>
    </Card>
  );
}

type TRowsProps = { rows: TBill[]; onPay: (bill: TBill) => void; paying: TBill | null | undefined };

function PayNowButton({ bill, onPay, paying }: { bill: TBill } & Omit<TRowsProps, 'rows'>) {
  const { t } = useTranslation();
  const { locked, reason } = useWriteAccess();
  const { user } = useShell();
  // Only the bill's own account may pay it (the server refuses anyone else).
  if (!canPayNow(bill) || bill.accountId !== user.accountId) return null;
  return (
    <WriteButton
      locked={locked}
      reason={reason}
      size="compact-sm"
      leftSection={<IconCreditCardPay size={15} stroke={1.7} />}
      loading={paying?.id === bill.id}
      disabled={Boolean(paying) && paying?.id !== bill.id}
      onClick={() => onPay(bill)}
      aria-label={t('billing.history.payNowOf', { number: bill.number })}
      data-testid="bill-pay-now"
    >
      {t('billing.history.payNow')}
    </WriteButton>
  );
}

function FailureText({ bill }: { bill: TBill }) {
  const { t } = useTranslation();
  if (bill.status !== 'FAILED' || !bill.failureMessage) return null;
  return (
    <Text size="xs" c="red.7" className="break-anywhere" data-testid="bill-failure">
      {t('billing.history.failure', { reason: bill.failureMessage })}
    </Text>
  );
}

function HistoryTable({ rows, onPay, paying }: TRowsProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const yen = (n: number) => formatYen(n, lang);
  const withInitial = rows.some((b) => b.initialFee !== 0);
  const num = { ta: 'right' as const, style: { whiteSpace: 'nowrap' as const } };
  return (
    <ListTable
      minWidth={withInitial ? 1080 : 980}
      head={
        <>
          <Table.Th>{t('billing.columns.month')}</Table.Th>
          <Table.Th>{t('billing.columns.plan')}</Table.Th>
          <Table.Th ta="right">{t('billing.columns.blocks')}</Table.Th>
          <Table.Th ta="right">{t('billing.fees.planFee')}</Table.Th>
          <Table.Th ta="right">{t('billing.fees.pageViewFee')}</Table.Th>
          <Table.Th ta="right">{t('billing.fees.licenseFee')}</Table.Th>
          {withInitial && <Table.Th ta="right">{t('billing.fees.initialFee')}</Table.Th>}
          <Table.Th ta="right">{t('billing.fees.total')}</Table.Th>
          <Table.Th>{t('billing.columns.method')}</Table.Th>
          <Table.Th>{t('billing.columns.status')}</Table.Th>
          <Table.Th>
            <VisuallyHidden>{t('billing.columns.actions')}</VisuallyHidden>
          </Table.Th>
        </>
      }
    >
      {rows.map((bill) => (
        <Table.Tr key={bill.id} data-testid="bill-row" data-number={bill.number} data-status={bill.status}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <Text size="sm" fw={600}>
              {formatMonth(bill.month, lang)}
            </Text>
            <Text size="xs" c="dimmed">
              {bill.number}
            </Text>
          </Table.Td>
          <Table.Td miw={120}>
            <Text size="sm" className="break-anywhere">
              {bill.planName}
            </Text>
          </Table.Td>
          <Table.Td {...num}>{formatCount(bill.blocksUsed, lang)}</Table.Td>
          <Table.Td {...num}>{yen(bill.planFee)}</Table.Td>
          <Table.Td {...num}>{yen(bill.pageViewFee)}</Table.Td>
          <Table.Td {...num}>{yen(bill.licenseFee)}</Table.Td>
          {withInitial && <Table.Td {...num}>{yen(bill.initialFee)}</Table.Td>}
          <Table.Td {...num}>
            <Text size="sm" fw={650} data-testid="bill-total">
              {yen(bill.total)}
            </Text>
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <Text size="sm">
              <MethodText method={bill.method} />
            </Text>
          </Table.Td>
          <Table.Td miw={130}>
            <Stack gap={4} align="flex-start">
              <BillStatusBadge status={bill.status} />
              {bill.status === 'PAID' && bill.paidAt && (
                <Text size="xs" c="dimmed">
                  {t('billing.history.paidOn', { date: formatShortDate(bill.paidAt, lang) })}
                </Text>
              )}
              <FailureText bill={bill} />
            </Stack>
          </Table.Td>
          <Table.Td>
            <Group gap={6} wrap="nowrap" justify="flex-end">
              <PayNowButton bill={bill} onPay={onPay} paying={paying} />
              <InvoiceButton bill={bill} />
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

function HistoryCards({ rows, onPay, paying }: TRowsProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <ListCards>
      {rows.map((bill) => (
        <Stack
          key={bill.id}
          gap={6}
          p="md"
          data-testid="bill-row"
          data-number={bill.number}
          data-status={bill.status}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Stack gap={0} miw={0}>
              <Text fw={600} size="sm">
                {formatMonth(bill.month, lang)}
              </Text>
              <Text size="xs" c="dimmed" className="break-anywhere">
                {bill.planName} · {bill.number}
              </Text>
            </Stack>
            <BillStatusBadge status={bill.status} />
          </Group>
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed">
              {t('billing.fees.total')} · <MethodText method={bill.method} />
            </Text>
            <Text size="sm" fw={650} data-testid="bill-total">
              {formatYen(bill.total, lang)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {t('billing.history.breakdown', {
              plan: formatYen(bill.planFee, lang),
              pv: formatYen(bill.pageViewFee, lang),
              license: formatYen(bill.licenseFee, lang),
            })}
            {bill.initialFee !== 0 &&
              ` · ${t('billing.fees.initialFee')} ${formatYen(bill.initialFee, lang)}`}
          </Text>
          <FailureText bill={bill} />
          <Group gap={6} wrap="wrap">
            <PayNowButton bill={bill} onPay={onPay} paying={paying} />
            <InvoiceButton bill={bill} labelled />
          </Group>
        </Stack>
      ))}
    </ListCards>
  );
}
