import { ActionIcon, Button, Group, Menu, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { TBill } from '@swipe/contracts/billing';
import { IconDots, IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatShortDate, formatYen } from '../../app/format';
import { ListCards, ListTable } from '../../app/list-page';
import { MOVE_LOOK } from './bill-move-modal';
import { formatMonth, MANUAL_MOVES, manualMovesOf, type TManualMove } from './billing-format';
import { BillStatusBadge, InvoiceButton, MethodText } from './billing-ui';

// The rows of the billing screen: a table on wide screens, cards on phones. Each row opens its
// detail and downloads its invoice; MASTER also gets the manual moves in a menu.

export type TRowActions = {
  onDetail: (bill: TBill) => void;
  /** MASTER only; null hides the moves. */
  onMove: ((bill: TBill, move: TManualMove) => void) | null;
  /** Why the moves are locked (view authority, suspended), or '' when they are not. */
  lockReason: string;
};

function MovesMenu({ bill, onMove, lockReason }: { bill: TBill } & Omit<TRowActions, 'onDetail'>) {
  const { t } = useTranslation();
  if (!onMove) return null;
  const allowed = new Set(manualMovesOf(bill.status));
  const label = t('billing.actions.moreOf', { number: bill.number });
  return (
    <Menu position="bottom-end" withArrow shadow="md" width={220}>
      <Tooltip label={t('billing.actions.more')} withArrow>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size={30} aria-label={label} data-testid="bill-moves">
            <IconDots size={18} stroke={1.7} />
          </ActionIcon>
        </Menu.Target>
      </Tooltip>
      <Menu.Dropdown>
        <Menu.Label>{lockReason || t('billing.actions.more')}</Menu.Label>
        {MANUAL_MOVES.map((move) => {
          const look = MOVE_LOOK[move];
          const enabled = allowed.has(move) && !lockReason;
          return (
            <Menu.Item
              key={move}
              color={enabled && move !== 'MARK_PAID' ? look.color : undefined}
              leftSection={<look.icon size={16} stroke={1.7} />}
              disabled={!enabled}
              onClick={() => onMove(bill, move)}
              data-testid={`bill-move-item-${move}`}
            >
              {t(`billing.actions.${move}`)}
            </Menu.Item>
          );
        })}
        {allowed.size === 0 && (
          <Text size="xs" c="dimmed" px="sm" py={6} maw={220}>
            {t('billing.actions.noneFrom', { status: t(`billing.status.${bill.status}`) })}
          </Text>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

function DetailButton({
  bill,
  onDetail,
  labelled,
}: {
  bill: TBill;
  onDetail: (b: TBill) => void;
  labelled?: boolean;
}) {
  const { t } = useTranslation();
  const label = t('billing.actions.detailOf', { number: bill.number });
  if (labelled)
    return (
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconEye size={15} stroke={1.7} />}
        onClick={() => onDetail(bill)}
        aria-label={label}
        data-testid="bill-detail-open"
      >
        {t('billing.actions.detail')}
      </Button>
    );
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant="subtle"
        color="gray"
        size={30}
        onClick={() => onDetail(bill)}
        aria-label={label}
        data-testid="bill-detail-open"
      >
        <IconEye size={18} stroke={1.7} />
      </ActionIcon>
    </Tooltip>
  );
}

export function BillsTable({ rows, actions }: { rows: TBill[]; actions: TRowActions }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const nowrap = { style: { whiteSpace: 'nowrap' as const } };
  return (
    <ListTable
      minWidth={1100}
      head={
        <>
          <Table.Th>{t('billing.columns.number')}</Table.Th>
          <Table.Th>{t('billing.columns.account')}</Table.Th>
          <Table.Th>{t('billing.columns.month')}</Table.Th>
          <Table.Th>{t('billing.columns.plan')}</Table.Th>
          <Table.Th ta="right">{t('billing.columns.total')}</Table.Th>
          <Table.Th>{t('billing.columns.method')}</Table.Th>
          <Table.Th>{t('billing.columns.status')}</Table.Th>
          <Table.Th>{t('billing.columns.issued')}</Table.Th>
          <Table.Th>{t('billing.columns.due')}</Table.Th>
          <Table.Th>
            <VisuallyHidden>{t('billing.columns.actions')}</VisuallyHidden>
          </Table.Th>
        </>
      }
    >
      {rows.map((bill) => (
        <Table.Tr key={bill.id} data-testid="bill-row" data-number={bill.number} data-status={bill.status}>
          <Table.Td {...nowrap}>
            <Text size="sm" fw={600}>
              {bill.number}
            </Text>
          </Table.Td>
          <Table.Td miw={160} maw={260}>
            <Text size="sm" className="break-anywhere">
              {bill.accountName}
            </Text>
          </Table.Td>
          <Table.Td {...nowrap}>{formatMonth(bill.month, lang)}</Table.Td>
          <Table.Td miw={110}>
            <Text size="sm" className="break-anywhere">
              {bill.planName}
            </Text>
          </Table.Td>
          <Table.Td ta="right" {...nowrap}>
            <Text size="sm" fw={650} data-testid="bill-total">
              {formatYen(bill.total, lang)}
            </Text>
          </Table.Td>
          <Table.Td {...nowrap}>
            <MethodText method={bill.method} />
          </Table.Td>
          <Table.Td miw={110}>
            <Stack gap={2} align="flex-start">
              <BillStatusBadge status={bill.status} />
              {bill.status === 'FAILED' && bill.failureMessage && (
                <Text size="xs" c="red.7" maw={200} lineClamp={2} title={bill.failureMessage}>
                  {bill.failureMessage}
                </Text>
              )}
            </Stack>
          </Table.Td>
          <Table.Td {...nowrap}>{formatShortDate(bill.issuedAt, lang)}</Table.Td>
          <Table.Td {...nowrap}>{formatShortDate(bill.dueDate, lang)}</Table.Td>
          <Table.Td>
            <Group gap={2} wrap="nowrap" justify="flex-end">
              <InvoiceButton bill={bill} />
              <DetailButton bill={bill} onDetail={actions.onDetail} />
              <MovesMenu bill={bill} onMove={actions.onMove} lockReason={actions.lockReason} />
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

export function BillsCards({ rows, actions }: { rows: TBill[]; actions: TRowActions }) {
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
              <Text fw={600} size="sm" className="break-anywhere">
                {bill.accountName}
              </Text>
              <Text size="xs" c="dimmed">
                {bill.number} · {formatMonth(bill.month, lang)} · {bill.planName}
              </Text>
            </Stack>
            <BillStatusBadge status={bill.status} />
          </Group>
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed">
              <MethodText method={bill.method} /> ·{' '}
              {t('billing.list.dueOn', { date: formatShortDate(bill.dueDate, lang) })}
            </Text>
            <Text size="sm" fw={650} data-testid="bill-total">
              {formatYen(bill.total, lang)}
            </Text>
          </Group>
          <Group gap={6} wrap="wrap">
            <DetailButton bill={bill} onDetail={actions.onDetail} labelled />
            <InvoiceButton bill={bill} labelled />
            <MovesMenu bill={bill} onMove={actions.onMove} lockReason={actions.lockReason} />
          </Group>
        </Stack>
      ))}
    </ListCards>
  );
}
