import { ActionIcon, Group, Menu, Text, Tooltip } from '@mantine/core';
import type { TBill } from '@swipe/contracts/billing';
import { IconDots, IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatShortDate } from '../../app/format';
import { RowAction } from '../../app/icon-tool';
import type { TListColumn, TListRowsDef } from '../../app/list-rows';
import { MOVE_LOOK } from './bill-move-modal';
import { formatMonth, MANUAL_MOVES, manualMovesOf, type TManualMove } from './billing-format';
import { billRowAttrs, billStatusColumn, billTotalColumn, InvoiceButton } from './billing-ui';

// The rows of the billing screen: a table where the list's card holds every column, cards where
// it does not (a phone), so the status and the actions are always in view. Each row opens its
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
  return (
    <RowAction
      label={t('billing.actions.detailOf', { number: bill.number })}
      text={t('billing.actions.detail')}
      icon={(size) => <IconEye size={size} stroke={1.7} />}
      onClick={() => onDetail(bill)}
      labelled={labelled}
      testId="bill-detail-open"
    />
  );
}

/** The width the billing list's table needs for every column (narrower cards list cards). */
export const BILLS_TABLE_MIN_WIDTH = 840;

/** The billing list's columns, for its table and its phone cards. */
export function useBillRows(actions: TRowActions): TListRowsDef<TBill> {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const columns: TListColumn<TBill>[] = [
    {
      key: 'bill',
      header: t('billing.table.bill'),
      cell: (bill) => (
        <>
          <Text size="sm" fw={600} className="break-anywhere">
            {bill.accountName}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {bill.number}
          </Text>
        </>
      ),
      cardCell: (bill) => (
        <Text fw={600} size="sm" className="break-anywhere">
          {bill.accountName}
        </Text>
      ),
      miw: 180,
      card: 'title',
    },
    {
      key: 'month',
      header: t('billing.columns.month'),
      cell: (bill) => (
        <>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatMonth(bill.month, lang)}
          </Text>
          <Text size="xs" c="dimmed" className="break-anywhere">
            {bill.planName}
          </Text>
        </>
      ),
      cardCell: (bill) => `${bill.number} · ${formatMonth(bill.month, lang)} · ${bill.planName}`,
      miw: 110,
      card: 'subtitle',
    },
    billTotalColumn(t),
    billStatusColumn(t),
    {
      key: 'dates',
      header: t('billing.table.dates'),
      cell: (bill) => (
        <>
          <Text size="xs">{t('billing.table.issuedOn', { date: formatShortDate(bill.issuedAt, lang) })}</Text>
          <Text size="xs" c="dimmed">
            {t('billing.table.dueOn', { date: formatShortDate(bill.dueDate, lang) })}
          </Text>
        </>
      ),
      cardCell: (bill) => t('billing.list.dueOn', { date: formatShortDate(bill.dueDate, lang) }),
      nowrap: true,
      card: 'meta',
    },
    {
      key: 'actions',
      header: t('billing.columns.actions'),
      headerHidden: true,
      cell: (bill) => (
        <Group gap={2} wrap="nowrap" justify="flex-end">
          <InvoiceButton bill={bill} />
          <DetailButton bill={bill} onDetail={actions.onDetail} />
          <MovesMenu bill={bill} onMove={actions.onMove} lockReason={actions.lockReason} />
        </Group>
      ),
      cardCell: (bill) => (
        <>
          <DetailButton bill={bill} onDetail={actions.onDetail} labelled />
          <InvoiceButton bill={bill} labelled />
          <MovesMenu bill={bill} onMove={actions.onMove} lockReason={actions.lockReason} />
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
    tableMinWidth: BILLS_TABLE_MIN_WIDTH,
  };
}
