import { Alert, Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { addMonths } from '@swipe/contracts/billing';
import { minimumTermBills, type TContractAction, type TUserDetail } from '@swipe/contracts/users';
import { IconAlertTriangle, IconBan, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TEnvelope } from '../../app/api-client';
import { formatDate, formatMonth, formatYen, todayJst } from '../../app/format';
import { notifySuccess } from '../../app/notify';
import { usersApi } from './users-api';

// Contract transitions (suspend, resume, terminate), each behind a modal that says what will
// happen. Termination is irreversible, so it also asks for the company name to be typed, and it
// says which bills the minimum term still brings (the monthly run's rule, minimumTermBills).

export const ACTION_LOOK: Record<TContractAction, { color: string; icon: typeof IconBan }> = {
  SUSPEND: { color: 'orange', icon: IconPlayerPause },
  RESUME: { color: 'teal', icon: IconPlayerPlay },
  TERMINATE: { color: 'red', icon: IconBan },
};

const ACTION_KEYS = { SUSPEND: 'suspend', RESUME: 'resume', TERMINATE: 'terminate' } as const;

/** Writes a fresh detail into the cache and marks the list and history stale. */
export function useApplyDetail() {
  const queryClient = useQueryClient();
  return (detail: TUserDetail) => {
    queryClient.setQueryData(['users', 'detail', detail.id], { data: detail });
    void queryClient.invalidateQueries({ queryKey: ['users', 'list'] });
    void queryClient.invalidateQueries({ queryKey: ['users', 'history', detail.id] });
  };
}

/**
 * A contract change the server answers with the new detail: it goes into the cache, the
 * server's message (or `doneText`) is shown, and the modal closes.
 */
export function useDetailMutation<V = void>(
  mutationFn: (vars: V) => Promise<TEnvelope<TUserDetail>>,
  doneText: (vars: V) => string,
  onClose: () => void,
) {
  const apply = useApplyDetail();
  return useMutation({
    mutationFn,
    onSuccess: ({ data, message }, vars) => {
      apply(data);
      notifySuccess(message ?? doneText(vars));
      onClose();
    },
  });
}

export function ContractActionModal({
  action,
  detail,
  onClose,
}: {
  action: TContractAction | null;
  detail: TUserDetail;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [typed, setTyped] = useState('');
  const run = useDetailMutation(
    (a: TContractAction) => usersApi.contractAction(detail.id, a),
    (done) => t(`users.actions.${ACTION_KEYS[done]}.done`),
    onClose,
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new modal starts empty
  useEffect(() => {
    setTyped('');
    run.reset();
  }, [action]);

  const key = action ? ACTION_KEYS[action] : 'suspend';
  const look = action ? ACTION_LOOK[action] : ACTION_LOOK.SUSPEND;
  const needsName = action === 'TERMINATE';
  const nameMatches = typed.trim() === detail.companyName.trim();
  const endDate = formatDate(detail.contract?.endDate, i18n.language);
  const lang = i18n.language;
  const term = detail.contract ? minimumTermBills(detail.contract, todayJst()) : null;
  const termText = !term
    ? null
    : term.months.length > 0
      ? t('users.actions.terminate.minimumBilled', {
          date: formatDate(term.minimumEnd, lang),
          fee: formatYen(term.monthlyFee, lang),
          month: formatMonth(term.months.at(-1)!, lang),
          count: term.months.length,
          total: formatYen(term.total, lang),
          last: formatDate(term.lastIssuedOn, lang),
        })
      : t('users.actions.terminate.minimumOver', {
          date: formatDate(term.minimumEnd, lang),
          next: formatDate(`${addMonths(todayJst().slice(0, 7), 1)}-01`, lang),
        });
  // Termination's last rule is the minimum term's bills, computed above.
  const pausing = key === 'terminate' ? null : key;
  const rules = pausing
    ? ([
        `users.actions.${pausing}.rule1`,
        `users.actions.${pausing}.rule2`,
        `users.actions.${pausing}.rule3`,
      ] as const)
    : (['users.actions.terminate.rule1', 'users.actions.terminate.rule2'] as const);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!action || (needsName && !nameMatches)) return;
    run.mutate(action);
  };

  const Icon = look.icon;
  return (
    <Modal
      opened={action !== null}
      onClose={onClose}
      title={
        <Group gap="xs">
          <Icon size={20} color={`var(--mantine-color-${look.color}-7)`} />
          <Text fw={650}>{t(`users.actions.${key}.title`)}</Text>
        </Group>
      }
      centered
      size="lg"
    >
      <form onSubmit={submit} data-testid={`contract-modal-${key}`}>
        <Stack gap="md">
          <Text size="sm">{t(`users.actions.${key}.intro`, { name: detail.companyName })}</Text>
          <List size="sm" spacing={6} data-testid="contract-modal-rules">
            {rules.map((rule) => (
              <List.Item key={rule}>{t(rule, { date: endDate })}</List.Item>
            ))}
            {action === 'TERMINATE' && termText && (
              <List.Item data-testid="terminate-minimum-term">{termText}</List.Item>
            )}
          </List>
          {needsName && (
            <>
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
                {t('users.actions.terminate.irreversible')}
              </Alert>
              <TextInput
                label={t('users.actions.terminate.typeName', { name: detail.companyName })}
                value={typed}
                onChange={(e) => setTyped(e.currentTarget.value)}
                autoComplete="off"
                data-autofocus
                data-testid="terminate-confirm-name"
                error={typed && !nameMatches ? t('users.actions.terminate.nameMismatch') : undefined}
              />
            </>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={run.isPending}>
              {t('users.cancel')}
            </Button>
            <Button
              type="submit"
              color={look.color}
              loading={run.isPending}
              disabled={needsName && !nameMatches}
              data-testid="contract-modal-confirm"
              data-autofocus={needsName ? undefined : true}
            >
              {t(`users.actions.${key}.confirm`)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
