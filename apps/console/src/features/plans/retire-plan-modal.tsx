import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { TPlan } from '@swipe/contracts/plans';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../app/notify';
import { planKeys, plansApi } from './plans-api';

/** Confirms retiring a plan and says what it does and does not change. */
export function RetirePlanModal({ plan, onClose }: { plan: TPlan | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const retire = useMutation({
    mutationFn: (id: string) => plansApi.retire(id),
    onSuccess: ({ message }) => {
      notifySuccess(message ?? t('plans.retire.done'));
      void queryClient.invalidateQueries({ queryKey: planKeys.all });
      onClose();
    },
  });
  return (
    <Modal
      opened={plan !== null}
      onClose={onClose}
      title={<Text fw={650}>{t('plans.retire.title', { name: plan?.name ?? '' })}</Text>}
      centered
      data-testid="retire-plan-modal"
    >
      <Stack gap="md">
        <Alert variant="light" color="orange" icon={<IconAlertTriangle size={18} />}>
          <Text size="sm">{t('plans.retire.irreversible')}</Text>
        </Alert>
        <List size="sm" spacing={6}>
          <List.Item>{t('plans.retire.noNew')}</List.Item>
          <List.Item>{t('plans.retire.keep', { count: plan?.contractCount ?? 0 })}</List.Item>
        </List>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={retire.isPending}>
            {t('plans.cancel')}
          </Button>
          <Button
            color="red"
            loading={retire.isPending}
            onClick={() => plan && retire.mutate(plan.id)}
            data-autofocus
            data-testid="retire-plan-confirm"
          >
            {t('plans.retire.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
