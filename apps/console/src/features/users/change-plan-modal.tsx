import { Alert, Button, Group, Modal, NativeSelect, Skeleton, Stack, Text } from '@mantine/core';
import type { TUserDetail } from '@swipe/contracts/users';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatYen } from '../../app/format';
import { useDetailMutation } from './contract-action-modal';
import { firstOfNextMonthJst } from './user-format';
import { selectablePlans, usersApi } from './users-api';

export const usePlans = (enabled = true) =>
  useQuery({
    queryKey: ['plans', 'list'],
    queryFn: ({ signal }) => usersApi.plans({ signal }),
    staleTime: 5 * 60_000,
    enabled,
  });

export const planLabel = (p: { name: string; price: number }, lang: string, perMonth: string) =>
  `${p.name} — ${formatYen(p.price, lang)} ${perMonth}`;

type TPlanModalProps = { opened: boolean; detail: TUserDetail; onClose: () => void };

/** A plan change waits for the first day of next month (JST); the old plan runs until then. */
export function ChangePlanModal({ opened, detail, onClose }: TPlanModalProps) {
  const { t, i18n } = useTranslation();
  const plans = usePlans(opened);
  const [planId, setPlanId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = useDetailMutation(
    (id: string) => usersApi.changePlan(detail.id, id),
    () => t('users.planChange.done'),
    onClose,
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening starts afresh
  useEffect(() => {
    setPlanId('');
    setError(null);
    change.reset();
  }, [opened]);

  const current = detail.contract;
  const options = selectablePlans(plans.data?.data ?? []).filter((p) => p.id !== current?.planId);
  const from = formatDate(firstOfNextMonthJst(), i18n.language);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!planId) {
      setError(t('users.planChange.required'));
      return;
    }
    change.mutate(planId);
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={650}>{t('users.planChange.title')}</Text>}
      centered
      size="lg"
    >
      <form onSubmit={submit} noValidate data-testid="change-plan-modal">
        <Stack gap="md">
          <Text size="sm">
            {t('users.planChange.current', {
              plan: current?.planName ?? '—',
              version: current?.planVersion ?? 1,
            })}
          </Text>
          {plans.isPending ? (
            <Skeleton height={58} radius="md" />
          ) : (
            <NativeSelect
              label={t('users.planChange.label')}
              value={planId}
              onChange={(e) => {
                setPlanId(e.currentTarget.value);
                setError(null);
              }}
              data={[
                { value: '', label: t('users.planChange.placeholder') },
                ...options.map((p) => ({
                  value: p.id,
                  label: planLabel(p, i18n.language, t('users.form.perMonth')),
                })),
              ]}
              error={error}
              withAsterisk
              data-autofocus
              data-testid="change-plan-select"
            />
          )}
          <Alert variant="light" color="blue" icon={<IconCalendarEvent size={18} />}>
            <Text size="sm">
              {t('users.planChange.rule', { date: from, plan: current?.planName ?? '—' })}
            </Text>
            {current?.pendingPlan && (
              <Text size="sm" mt={4}>
                {t('users.planChange.replaces', { plan: current.pendingPlan.planName })}
              </Text>
            )}
          </Alert>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={change.isPending}>
              {t('users.cancel')}
            </Button>
            <Button type="submit" loading={change.isPending} data-testid="change-plan-submit">
              {t('users.planChange.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Cancelling a pending change: the current plan simply continues. */
export function CancelPlanChangeModal({ opened, detail, onClose }: TPlanModalProps) {
  const { t, i18n } = useTranslation();
  const cancel = useDetailMutation(
    () => usersApi.cancelPlanChange(detail.id),
    () => t('users.planChange.cancelled'),
    onClose,
  );
  const pending = detail.contract?.pendingPlan;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={650}>{t('users.planChange.cancelTitle')}</Text>}
      centered
    >
      <Stack gap="md" data-testid="cancel-plan-modal">
        <Text size="sm">
          {t('users.planChange.cancelBody', {
            plan: pending?.planName ?? '—',
            date: formatDate(pending?.from, i18n.language),
            current: detail.contract?.planName ?? '—',
          })}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={cancel.isPending}>
            {t('users.keep')}
          </Button>
          <Button
            color="red"
            loading={cancel.isPending}
            onClick={() => cancel.mutate()}
            data-autofocus
            data-testid="cancel-plan-confirm"
          >
            {t('users.planChange.cancelConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
