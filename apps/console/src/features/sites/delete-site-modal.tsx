import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { TSiteSummary } from '@swipe/contracts/site-api';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../app/notify';
import { siteKeys, sitesApi } from './sites-api';

/**
 * Confirms deleting a site, naming it and saying that visitors lose it at once. The server's
 * message is the success toast; a refusal shows its message through the API client's toast.
 */
export function DeleteSiteModal({ site, onClose }: { site: TSiteSummary | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: string) => sitesApi.remove(id),
    onSuccess: ({ message }) => {
      notifySuccess(message ?? t('sites.delete.done'));
      void queryClient.invalidateQueries({ queryKey: siteKeys.lists });
      onClose();
    },
  });
  // The modal keeps naming the site while it fades out after `site` went back to null.
  const [shown, setShown] = useState(site);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new site starts without an old error
  useEffect(() => {
    if (site) setShown(site);
    remove.reset();
  }, [site?.id]);

  return (
    <Modal
      opened={site !== null}
      onClose={() => !remove.isPending && onClose()}
      title={
        <Group gap="xs" wrap="nowrap">
          <IconTrash size={20} color="var(--mantine-color-red-7)" />
          <Text fw={650}>{t('sites.delete.title')}</Text>
        </Group>
      }
      centered
    >
      <Stack gap="md" data-testid="delete-site-modal">
        <Text size="sm" className="break-anywhere" data-testid="delete-site-name">
          {t('sites.delete.intro', { name: shown?.name ?? '' })}
        </Text>
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} p="sm">
          <List size="sm" spacing={4}>
            <List.Item>{t('sites.delete.gone')}</List.Item>
            <List.Item>{t('sites.delete.irreversible')}</List.Item>
          </List>
        </Alert>
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={onClose}
            disabled={remove.isPending}
            data-autofocus
            data-testid="delete-site-cancel"
          >
            {t('sites.cancel')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => site && remove.mutate(site.id)}
            data-testid="delete-site-confirm"
          >
            {t('sites.delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
