import '../../app/full-styles';
import 'dayjs/locale/ja';
import 'dayjs/locale/ko';
import 'dayjs/locale/zh-cn';
import '@mantine/dates/styles.layer.css';
import { Button, Group, Stack, Text } from '@mantine/core';
import { DatesProvider, MonthPickerInput } from '@mantine/dates';
import { BILL_STATUSES, PAYMENT_METHODS, type TBill, ZBillListQuery } from '@swipe/contracts/billing';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { IconCalendarPlus, IconReceipt, IconSettings } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { todayJst } from '../../app/format';
import { ListSelectFilter } from '../../app/list-controls';
import { ListExportButton, ListPage } from '../../app/list-page';
import { PageHeading } from '../../app/page-heading';
import { defineListQuery, useListQuery } from '../../app/use-list-query';
import { usePageTitle } from '../../app/use-page-title';
import { useShell } from '../../app/use-shell';
import { useWriteAccess } from '../../app/write-access';
import { WriteButton } from '../../app/write-control';
import { BillDetailModal } from './bill-detail-modal';
import { type TRowActions, useBillRows } from './bill-list-rows';
import { BillMoveModal, type TMoveRequest } from './bill-move-modal';
import { BillingSettingsAlert, BillingSettingsModal, RunBillingModal } from './billing-admin-modals';
import { billingApi, billingKeys } from './billing-api';
import { monthOfPicked, pickedOfMonth } from './billing-format';
import { TestModeBadge } from './billing-ui';

// /{prefix}/billing: the bills of every account the caller manages (MASTER: all; OEM staff:
// their companies), filtered by month, status, method and account, with each bill's detail,
// audit trail and invoice, and a CSV export. MASTER also moves bills by hand (mark paid, force
// complete, void), bills an ended month and edits the invoice settings.

export const billListQuery = defineListQuery(ZBillListQuery);

/** The calendar's language for each UI language. */
const DAYJS_LOCALE: Record<TUiLanguage, string> = { ja: 'ja', en: 'en', cn: 'zh-cn', kr: 'ko' };
const STAFF = new Set(['MASTER', 'OEM_MASTER', 'OEM_ADMIN']);

export function BillingPage() {
  const { user } = useShell();
  // Customers see their bills on Check Plan; anyone else typing the address is refused.
  if (!STAFF.has(user.actingRole)) return <Navigate to="/errors/403" replace />;
  return <Billing />;
}

function Billing() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('billing.title'));
  const { user } = useShell();
  const write = useWriteAccess();
  const master = user.actingRole === 'MASTER';
  const [detail, setDetail] = useState<TBill | null>(null);
  const [moveRequest, setMoveRequest] = useState<TMoveRequest>(null);
  const [running, setRunning] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);

  const list = useListQuery(billListQuery, {
    queryKey: (query) => billingKeys.list(query),
    queryFn: (query, signal) => billingApi.list(query, { signal }),
  });
  // Whether payments go to the test provider: the cards' answer says so (an account holder's
  // call, so not MASTER's, whom the server refuses), as does any bill.
  const cards = useQuery({
    queryKey: billingKeys.cards,
    queryFn: ({ signal }) => billingApi.cards({ signal, toast: false }),
    enabled: !master,
    retry: false,
    staleTime: 5 * 60_000,
  });
  const testMode = Boolean(cards.data?.data.testMode) || list.rows.some((b) => b.testMode);

  const onMove = master
    ? (bill: TBill, move: NonNullable<TMoveRequest>['move']) => {
        setDetail(null);
        setMoveRequest({ bill, move });
      }
    : null;
  const actions: TRowActions = { onDetail: setDetail, onMove, lockReason: write.locked ? write.reason : '' };
  const billRows = useBillRows(actions);
  const select = <V extends string>(values: readonly V[], label: (value: V) => string) =>
    values.map((value) => ({ value, label: label(value) }));

  return (
    <DatesProvider settings={{ locale: DAYJS_LOCALE[i18n.language as TUiLanguage] ?? 'ja' }}>
      <Stack gap="lg" data-testid="billing-page">
        <PageHeading
          title={
            <Group gap="sm" align="center">
              <Text component="h1" fz={{ base: 24, sm: 28 }} fw={650} m={0} lh={1.25}>
                {t('billing.title')}
              </Text>
              {testMode && <TestModeBadge />}
            </Group>
          }
          subtitle={t(master ? 'billing.subtitleMaster' : 'billing.subtitle')}
          actions={
            <>
              <ListExportButton onExport={() => billingApi.exportCsv(list.query)} testId="bill-export" />
              {master && (
                <>
                  <WriteButton
                    locked={write.locked}
                    reason={write.reason}
                    variant="default"
                    leftSection={<IconCalendarPlus size={18} stroke={1.7} />}
                    onClick={() => setRunning(true)}
                    data-testid="billing-run"
                  >
                    {t('billing.run.button')}
                  </WriteButton>
                  <Button
                    variant="default"
                    leftSection={<IconSettings size={18} stroke={1.7} />}
                    onClick={() => setSettingsOpen(true)}
                    data-testid="billing-settings"
                  >
                    {t('billing.settings.button')}
                  </Button>
                </>
              )}
            </>
          }
        />

        {master && <BillingSettingsAlert onOpen={() => setSettingsOpen(true)} />}

        <ListPage
          list={list}
          testId="bill"
          searchPlaceholder={t('billing.list.searchPlaceholder')}
          filters={
            <>
              <MonthPickerInput
                size="sm"
                style={{ flex: '1 1 160px' }}
                label={t('billing.list.month')}
                placeholder={t('billing.list.allMonths')}
                clearable
                valueFormat="YYYY-MM"
                value={pickedOfMonth(list.query.month)}
                onChange={(value) => list.update({ month: monthOfPicked(value) })}
                maxDate={`${todayJst().slice(0, 7)}-01`}
                data-testid="filter-month"
              />
              <ListSelectFilter
                label={t('billing.list.status')}
                allLabel={t('billing.list.allStatuses')}
                value={list.query.status}
                options={select(BILL_STATUSES, (s) => t(`billing.status.${s}`))}
                onChange={(status) => list.update({ status })}
                testId="filter-status"
              />
              <ListSelectFilter
                label={t('billing.list.method')}
                allLabel={t('billing.list.allMethods')}
                value={list.query.method}
                options={select(PAYMENT_METHODS, (m) => t(`billing.method.${m}`))}
                onChange={(method) => list.update({ method })}
                testId="filter-method"
              />
            </>
          }
          rows={billRows}
          empty={{
            icon: <IconReceipt size={26} stroke={1.5} />,
            title: t('billing.list.emptyTitle'),
            body: t('billing.list.emptyBody'),
          }}
        />
      </Stack>

      <BillDetailModal bill={detail} onClose={() => setDetail(null)} onMove={write.locked ? null : onMove} />
      <BillMoveModal request={moveRequest} onClose={() => setMoveRequest(null)} />
      {master && (
        <>
          <RunBillingModal opened={running} onClose={() => setRunning(false)} />
          <BillingSettingsModal
            opened={settingsOpen}
            onClose={() => setSettingsOpen(false)}
            locked={write.locked}
            reason={write.reason}
          />
        </>
      )}
    </DatesProvider>
  );
}
