import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { TBill } from '@swipe/contracts/billing';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { IconAlertTriangle, IconBan, IconCircleCheck, IconLockCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/api-client';
import { translateMessage } from '../../app/catalogue';
import { formatYen } from '../../app/format';
import { notifySuccess } from '../../app/notify';
import { billingApi, billingKeys } from './billing-api';
import { formatMonth, type TManualMove } from './billing-format';

// MASTER's manual moves of a bill, each behind a confirmation: mark paid (a bank transfer came
// in), force complete (irreversible: it says so and needs a reason) and void.

export const MOVE_LOOK: Record<TManualMove, { color: string; icon: typeof IconBan }> = {
  MARK_PAID: { color: 'teal', icon: IconCircleCheck },
  FORCE_COMPLETE: { color: 'red', icon: IconLockCheck },
  VOID: { color: 'gray', icon: IconBan },
};

const DONE_KEYS = {
  MARK_PAID: 'billing.markedPaid',
  FORCE_COMPLETE: 'billing.forceCompleted',
  VOID: 'billing.voided',
} as const;

const REASON_MAX = 500;

export type TMoveRequest = { bill: TBill; move: TManualMove } | null;

export function BillMoveModal({ request, onClose }: { request: TMoveRequest; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as TUiLanguage;
  const queryClient = useQueryClient();
  const [shown, setShown] = useState(request);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const run = useMutation({
    mutationFn: (r: NonNullable<TMoveRequest>) =>
      billingApi.move(r.bill.id, r.move, reason.trim() || undefined, { toast: false }),
    onSuccess: ({ data, message }, r) => {
      queryClient.setQueryData(billingKeys.detail(data.id), { data });
      void queryClient.invalidateQueries({ queryKey: billingKeys.bills });
      notifySuccess(message ?? translateMessage(DONE_KEYS[r.move], lang));
      onClose();
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new request starts empty
  useEffect(() => {
    if (request) setShown(request);
    setReason('');
    setReasonError(undefined);
    run.reset();
  }, [request?.bill.id, request?.move]);

  const move = shown?.move ?? 'MARK_PAID';
  const bill = shown?.bill;
  const key = move;
  const look = MOVE_LOOK[move];
  const needsReason = move === 'FORCE_COMPLETE';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!request || run.isPending) return;
    if (needsReason && !reason.trim()) {
      setReasonError(translateMessage('common.required', lang));
      return;
    }
    run.mutate(request);
  };

  const error = run.error;
  const Icon = look.icon;
  return (
    <Modal
      opened={request !== null}
      onClose={() => !run.isPending && onClose()}
      centered
      title={
        <Group gap="xs" wrap="nowrap">
          <Icon size={20} color={`var(--mantine-color-${look.color}-7)`} />
          <Text fw={650}>{t(`billing.move.${key}.title`)}</Text>
        </Group>
      }
    >
      <form onSubmit={submit} noValidate data-testid={`bill-move-${move}`}>
        <Stack gap="md">
          <Text size="sm" className="break-anywhere">
            {bill
              ? t(`billing.move.${key}.intro`, {
                  number: bill.number,
                  account: bill.accountName,
                  month: formatMonth(bill.month, lang),
                  total: formatYen(bill.total, lang),
                })
              : ''}
          </Text>
          {move !== 'MARK_PAID' && (
            <Alert
              color={move === 'FORCE_COMPLETE' ? 'red' : 'orange'}
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              data-testid="bill-move-warning"
            >
              {t(`billing.move.${move}.warning`)}
            </Alert>
          )}
          <Textarea
            label={needsReason ? t('billing.move.reason') : t('billing.move.reasonOptional')}
            required={needsReason}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={REASON_MAX}
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setReasonError(undefined);
            }}
            error={reasonError}
            data-autofocus
            data-testid="bill-move-reason"
          />
          {error && !(error instanceof ApiError && error.kind === 'aborted') && (
            <Alert color="red" variant="light" role="alert" data-testid="bill-move-error">
              {error instanceof ApiError ? error.message : t('billing.actionFailed')}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={onClose}
              disabled={run.isPending}
              data-testid="bill-move-cancel"
            >
              {t('billing.cancel')}
            </Button>
            <Button type="submit" color={look.color} loading={run.isPending} data-testid="bill-move-confirm">
              {t(`billing.move.${key}.confirm`)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
