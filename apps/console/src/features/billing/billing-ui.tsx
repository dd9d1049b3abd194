import { ActionIcon, Badge, Button, Tooltip } from '@mantine/core';
import type { TBill, TBillStatus, TPaymentMethod } from '@swipe/contracts/billing';
import { IconFileTypePdf, IconFlask } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/api-client';
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

export function MethodText({ method }: { method: TPaymentMethod }) {
  const { t } = useTranslation();
  return <>{t(`billing.method.${method}`)}</>;
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
}: {
  bill: Pick<TBill, 'id' | 'number'>;
  labelled?: boolean;
}) {
  const { t } = useTranslation();
  const download = useMutation({
    mutationFn: () => billingApi.invoice(bill),
    onError: (error) => notifyError(error instanceof ApiError ? error.message : t('billing.invoiceFailed')),
  });
  const label = t('billing.invoiceOf', { number: bill.number });
  if (labelled)
    return (
      <Button
        size="compact-sm"
        variant="default"
        leftSection={<IconFileTypePdf size={15} stroke={1.7} />}
        loading={download.isPending}
        onClick={() => download.mutate()}
        aria-label={label}
        data-testid="bill-invoice"
      >
        {t('billing.invoice')}
      </Button>
    );
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant="subtle"
        color="gray"
        size={30}
        loading={download.isPending}
        onClick={() => download.mutate()}
        aria-label={label}
        data-testid="bill-invoice"
      >
        <IconFileTypePdf size={18} stroke={1.7} />
      </ActionIcon>
    </Tooltip>
  );
}
