import {
  ActionIcon,
  Box,
  Button,
  Group,
  Menu,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import type { TBill } from '@swipe/contracts/billing';
import { IconDots, IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatShortDate } from '../../app/format';
import { ListCards, ListTable } from '../../app/list-page';
import { MOVE_LOOK } from './bill-move-modal';
import { formatMonth, MANUAL_MOVES, manualMovesOf, type TManualMove } from './billing-format';
import { BillStatusCell, BillTotal, InvoiceButton } from './billing-ui';

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

/** The width the billing list's table needs for every column (narrower cards list cards). */
export const BILLS_TABLE_MIN_WIDTH = 840;

export function BillsTable({ rows, actions }: { rows: TBill[]; actions: TRowActions }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const nowrap = { style: { whiteSpace: 'nowrap' as const } };
  return (
    <ListTable
      minWidth={BILLS_TABLE_MIN_WIDTH}
      head={
        <>
          <Table.Th>{t('billing.table.bill')}</Table.Th>
          <Table.Th>{t('billing.columns.month')}</Table.Th>
          <Table.Th ta="right">{t('billing.columns.total')}</Table.Th>
          <Table.Th>{t('billing.columns.status')}</Table.Th>
          <Table.Th>{t('billing.table.dates')}</Table.Th>
          <Table.Th>
            <VisuallyHidden>{t('billing.columns.actions')}</VisuallyHidden>
          </Table.Th>
        </>
      }
    >
      {rows.map((bill) => (
        <Table.Tr key={bill.id} data-testid="bill-row" data-number={bill.number} data-status={bill.status}>
          <Table.Td miw={180}>
            <Text size="sm" fw={600} className="break-anywhere">
              {bill.accountName}
            </Text>
            <Text size="xs" c="dimmed" {...nowrap}>
              {bill.number}
            </Text>
          </Table.Td>
          <Table.Td miw={110}>
            <Text size="sm" {...nowrap}>
              {formatMonth(bill.month, lang)}
            </Text>
            <Text size="xs" c="dimmed" className="break-anywhere">
              {bill.planName}
            </Text>
          </Table.Td>
          <Table.Td ta="right" {...nowrap}>
            <BillTotal bill={bill} />
          </Table.Td>
          <Table.Td miw={120} data-testid="bill-status-cell">
            <BillStatusCell bill={bill} />
          </Table.Td>
          <Table.Td {...nowrap}>
            <Text size="xs">
              {t('billing.table.issuedOn', { date: formatShortDate(bill.issuedAt, lang) })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('billing.table.dueOn', { date: formatShortDate(bill.dueDate, lang) })}
            </Text>
          </Table.Td>
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
          gap={8}
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
              <Text size="xs" c="dimmed" className="break-anywhere">
                {bill.number} · {formatMonth(bill.month, lang)} · {bill.planName}
              </Text>
            </Stack>
            <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
              <BillTotal bill={bill} />
            </Stack>
          </Group>
          <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
            <Box data-testid="bill-status-cell" miw={0}>
              <BillStatusCell bill={bill} />
            </Box>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {t('billing.list.dueOn', { date: formatShortDate(bill.dueDate, lang) })}
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
