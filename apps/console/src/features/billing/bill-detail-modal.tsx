import {
  Alert,
  Button,
  Divider,
  Group,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Timeline,
} from '@mantine/core';
import type { TBill, TBillDetail } from '@swipe/contracts/billing';
import { IconAlertCircle, IconArrowRight, IconHistory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatDate, formatDateTime, formatYen } from '../../app/format';
import { MOVE_LOOK } from './bill-move-modal';
import { billingApi, billingKeys } from './billing-api';
import { feeLines, formatMonth, manualMovesOf, type TManualMove } from './billing-format';
import { BillStatusBadge, InvoiceButton, MethodText, TestModeBadge, useFailureReason } from './billing-ui';

// A bill in full: what it charges (fee lines, subtotal, tax, total), its dates and its audit
// trail (each status change: when, from and to, who, by what, and why). MASTER also gets the
// manual moves the status allows.

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" fw={600} c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" className="break-anywhere" data-testid={testId}>
        {children}
      </Text>
    </Stack>
  );
}

export function BillDetailModal(props: {
  bill: TBill | null;
  onClose: () => void;
  /** MASTER with edit authority: the moves offered; null hides them. */
  onMove: ((bill: TBill, move: TManualMove) => void) | null;
}) {
  const { t } = useTranslation();
  // The bill stays named while the modal fades out.
  const [shown, setShown] = useState(props.bill);
  useEffect(() => {
    if (props.bill) setShown(props.bill);
  }, [props.bill]);
  const id = shown?.id;
  const detail = useQuery({
    queryKey: billingKeys.detail(id ?? ''),
    queryFn: ({ signal }) => billingApi.get(id ?? '', { signal }),
    enabled: Boolean(id),
  });
  const bill = detail.data?.data;

  return (
    <Modal
      opened={props.bill !== null}
      onClose={props.onClose}
      size="xl"
      title={
        <Group gap="xs">
          <Text fw={650}>{t('billing.detail.title', { number: shown?.number ?? '' })}</Text>
          {bill?.testMode && <TestModeBadge testId="bill-detail-test-mode" />}
        </Group>
      }
    >
      <div data-testid="bill-detail">
        {detail.isPending ? (
          <Stack gap="sm" role="status" aria-busy="true">
            <Skeleton height={80} />
            <Skeleton height={160} />
          </Stack>
        ) : detail.isError || !bill ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            <Group justify="space-between" gap="sm">
              <Text size="sm">{t('billing.detail.loadFailed')}</Text>
              <Button size="xs" variant="white" onClick={() => void detail.refetch()}>
                {t('billing.retry')}
              </Button>
            </Group>
          </Alert>
        ) : (
          <DetailBody bill={bill} onMove={props.onMove} />
        )}
      </div>
    </Modal>
  );
}

function DetailBody({
  bill,
  onMove,
}: {
  bill: TBillDetail;
  onMove: ((bill: TBill, move: TManualMove) => void) | null;
}) {
  const { t, i18n } = useTranslation();
  const failureReason = useFailureReason();
  const lang = i18n.language;
  const yen = (n: number) => formatYen(n, lang);
  const moves = onMove ? manualMovesOf(bill.status) : [];
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" verticalSpacing="sm">
        <Field label={t('billing.columns.status')}>
          <BillStatusBadge status={bill.status} />
        </Field>
        <Field label={t('billing.columns.account')}>{bill.accountName}</Field>
        <Field label={t('billing.columns.month')}>{formatMonth(bill.month, lang)}</Field>
        <Field label={t('billing.columns.plan')}>
          {t('billing.detail.planVersion', { plan: bill.planName, version: bill.planVersion })}
        </Field>
        <Field label={t('billing.columns.method')}>
          <MethodText method={bill.method} />
        </Field>
        <Field label={t('billing.columns.issued')}>{formatDate(bill.issuedAt, lang)}</Field>
        <Field label={t('billing.columns.due')}>{formatDate(bill.dueDate, lang)}</Field>
        <Field label={t('billing.detail.paidAt')}>
          {bill.paidAt ? formatDateTime(bill.paidAt, lang) : '—'}
        </Field>
        <Field label={t('billing.columns.blocks')}>{formatCount(bill.blocksUsed, lang)}</Field>
        <Field label={t('billing.detail.pageViews')}>
          {t('billing.detail.pageViewsValue', {
            views: formatCount(bill.pageViews, lang),
            limit: formatCount(bill.pageViewLimit, lang),
          })}
        </Field>
      </SimpleGrid>

      {bill.status === 'FAILED' && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="bill-failure">
          {t('billing.history.failure', { reason: failureReason(bill) })}
        </Alert>
      )}

      <Stack gap={6}>
        <Text size="sm" fw={650}>
          {t('billing.detail.fees')}
        </Text>
        <Table withRowBorders verticalSpacing={6} data-testid="bill-fees">
          <Table.Tbody>
            {feeLines(bill).map((line) => (
              <Table.Tr key={line.kind}>
                <Table.Td>{t(`billing.fees.${line.kind}`)}</Table.Td>
                <Table.Td ta="right">{yen(line.amount)}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td c="dimmed">{t('billing.fees.subtotal')}</Table.Td>
              <Table.Td ta="right">{yen(bill.subtotal)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td c="dimmed">{t('billing.fees.tax')}</Table.Td>
              <Table.Td ta="right">{yen(bill.tax)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td fw={700}>{t('billing.fees.total')}</Table.Td>
              <Table.Td ta="right" fw={700} data-testid="bill-detail-total">
                {yen(bill.total)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Stack>

      <Stack gap="sm">
        <Group gap={6}>
          <IconHistory size={16} />
          <Text size="sm" fw={650}>
            {t('billing.detail.history')}
          </Text>
        </Group>
        {bill.events.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('billing.detail.noEvents')}
          </Text>
        ) : (
          <Timeline bulletSize={14} lineWidth={2} active={bill.events.length - 1} data-testid="bill-events">
            {bill.events.map((event, i) => (
              <Timeline.Item
                // biome-ignore lint/suspicious/noArrayIndexKey: the trail only grows at its end
                key={i}
                title={
                  <Group gap={6} wrap="wrap">
                    {event.fromStatus ? (
                      <>
                        <BillStatusBadge status={event.fromStatus} />
                        <IconArrowRight size={14} aria-label={t('billing.detail.to')} />
                      </>
                    ) : (
                      <Text size="xs" c="dimmed">
                        {t('billing.detail.created')}
                      </Text>
                    )}
                    <BillStatusBadge status={event.toStatus} />
                  </Group>
                }
                data-testid="bill-event"
              >
                <Text size="xs" c="dimmed" mt={4}>
                  {formatDateTime(event.at, lang)} · {event.actor ?? t('billing.detail.system')} ·{' '}
                  {t(`billing.detail.source.${event.source}`)}
                </Text>
                {event.failureCode ? (
                  <>
                    <Text size="sm" mt={2} data-testid="bill-event-reason">
                      {failureReason(event)}
                    </Text>
                    {event.reason && (
                      <Text size="xs" c="dimmed" className="break-anywhere" lang="en">
                        {t('billing.detail.providerSaid', { words: event.reason })}
                      </Text>
                    )}
                  </>
                ) : (
                  event.reason && (
                    <Text size="sm" mt={2} className="break-anywhere" data-testid="bill-event-reason">
                      {event.reason}
                    </Text>
                  )
                )}
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Stack>

      <Divider />
      <Group justify="space-between" gap="sm" wrap="wrap">
        <InvoiceButton bill={bill} labelled />
        {moves.length > 0 && onMove && (
          <Group gap="xs" wrap="wrap">
            {moves.map((move) => {
              const look = MOVE_LOOK[move];
              return (
                <Button
                  key={move}
                  size="compact-sm"
                  variant={move === 'MARK_PAID' ? 'filled' : 'light'}
                  color={look.color}
                  leftSection={<look.icon size={15} />}
                  onClick={() => onMove(bill, move)}
                  data-testid={`bill-detail-${move}`}
                >
                  {t(`billing.actions.${move}`)}
                </Button>
              );
            })}
          </Group>
        )}
      </Group>
    </Stack>
  );
}
