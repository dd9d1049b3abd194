import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { TOutstandingBill } from '@swipe/contracts/bill-payment';
import { IconAlertTriangle, IconArrowRight, IconCreditCardPay } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatShortDate, formatYen } from '../../app/format';
import { landingPageOf } from '../../app/menu';
import { useShell } from '../../app/use-shell';
import { useWriteAccess } from '../../app/write-access';
import { WriteButton } from '../../app/write-control';
import { billingApi, billingKeys } from './billing-api';
import { formatMonth } from './billing-format';
import { InvoiceButton, useFailureReason } from './billing-ui';
import { PayBillModal } from './pay-bill-modal';

// A banner for each of the account's bills that needs its holder, on Check Plan and on the page
// a holder lands on: which bill (month, invoice number, amount), its state (the card charge
// failed and why, or unpaid since its due date) and what to do (pay now with a card of its
// choice, or transfer to the account printed on the invoice, whose PDF is one click away).

/** The roles that hold bills and may pay them (the server's GET /api/bills/outstanding). */
const HOLDERS = new Set(['MASTER_USER', 'OEM_MASTER', 'OEM_ADMIN', 'USER']);

/**
 * `page`: where it is shown. On Check Plan always; on the summary or the site list only when it
 * is the page the holder lands on (OEM staff land on the summary, customers on the site list).
 */
export function UnpaidBillBanner({ page }: { page: 'check-plan' | 'summary' | 'site-list' }) {
  const { t } = useTranslation();
  const { user, prefix } = useShell();
  const onCheckPlan = page === 'check-plan';
  const holder = HOLDERS.has(user.actingRole) && (onCheckPlan || landingPageOf(user.actingRole) === page);
  const outstanding = useQuery({
    queryKey: billingKeys.outstanding,
    queryFn: ({ signal }) => billingApi.outstanding({ signal, toast: false }),
    enabled: holder,
    retry: false,
  });
  const [paying, setPaying] = useState<TOutstandingBill | null>(null);
  const bills = outstanding.data?.data ?? [];
  if (!holder || bills.length === 0) return null;
  return (
    <Stack
      gap="sm"
      component="section"
      aria-label={t('billing.banner.label')}
      data-testid="unpaid-bill-banner"
    >
      {bills.map((bill) => (
        <BillBanner
          key={bill.id}
          bill={bill}
          onPay={() => setPaying(bill)}
          checkPlanHref={onCheckPlan ? null : `/${prefix}/check-plan`}
        />
      ))}
      <PayBillModal bill={paying} onClose={() => setPaying(null)} />
    </Stack>
  );
}

function BillBanner(props: { bill: TOutstandingBill; onPay: () => void; checkPlanHref: string | null }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const write = useWriteAccess();
  const failureReason = useFailureReason();
  const { bill } = props;
  const failed = bill.attention === 'FAILED';
  const params = {
    month: formatMonth(bill.month, lang),
    number: bill.number,
    total: formatYen(bill.total, lang),
  };
  return (
    <Alert
      color={failed ? 'red' : 'orange'}
      variant="light"
      radius="md"
      icon={<IconAlertTriangle size={20} />}
      title={t(failed ? 'billing.banner.failedTitle' : 'billing.banner.overdueTitle', params)}
      // Said once when it appears, like any alert; its buttons are in it.
      role="alert"
      styles={{ title: { color: `var(--mantine-color-${failed ? 'red' : 'orange'}-9)` } }}
      data-testid="unpaid-bill"
      data-number={bill.number}
      data-attention={bill.attention}
    >
      <Stack gap="sm">
        <Text size="sm" data-testid="unpaid-bill-text">
          {failed
            ? t('billing.banner.failedBody', { ...params, reason: failureReason(bill) })
            : t('billing.banner.overdueBody', { ...params, due: formatShortDate(bill.dueDate, lang) })}
        </Text>
        <Group gap="sm" wrap="wrap">
          <WriteButton
            locked={write.locked}
            reason={write.reason}
            size="sm"
            color={failed ? 'red.8' : 'orange.9'}
            leftSection={<IconCreditCardPay size={16} stroke={1.7} />}
            onClick={props.onPay}
            data-testid="unpaid-bill-pay"
          >
            {t('billing.banner.payNow')}
          </WriteButton>
          <InvoiceButton bill={bill} labelled size="sm" />
          {props.checkPlanHref && (
            <Button
              size="sm"
              variant="subtle"
              color="dark"
              component={Link}
              to={props.checkPlanHref}
              rightSection={<IconArrowRight size={16} />}
              data-testid="unpaid-bill-check-plan"
            >
              {t('billing.banner.checkPlan')}
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}
