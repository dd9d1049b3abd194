import { Button, Card, Skeleton, Stack, Text } from '@mantine/core';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { type TWebhook, WEBHOOKS_PER_SITE } from '@swipe/contracts/webhooks';
import { IconWebhook } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/api-client';
import { translateMessage } from '../../app/catalogue';
import { ConfirmDeleteModal } from '../../app/confirm-delete-modal';
import { notifyError, notifySuccess } from '../../app/notify';
import { CardHeading } from '../../app/page-heading';
import { ReadOnlyNotice } from '../../app/write-control';
import { WebhookCard } from './webhook-card';
import { WebhookForm } from './webhook-form';
import { WebhookGuide } from './webhook-guide';
import { webhooksPollMs } from './webhook-values';
import { webhookKeys, webhooksApi } from './webhooks-api';

type TLock = { locked: boolean; reason: string };

/** The site's webhooks, oldest first; polled while a newest delivery is under way. */
export function useWebhooks(siteId: string) {
  return useQuery({
    queryKey: webhookKeys.list(siteId),
    queryFn: ({ signal }) => webhooksApi.list(siteId, { signal, toast: false }),
    refetchInterval: (query) => webhooksPollMs(query.state.data?.data),
  });
}

/**
 * The add form (while there is room) and one card per webhook, each with its delivery log;
 * deleting asks first, in the shared modal.
 */
export function WebhookList({ siteId, write }: { siteId: string; write: TLock }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as TUiLanguage;
  const queryClient = useQueryClient();
  const list = useWebhooks(siteId);
  const rows = list.data?.data ?? [];
  const [deleting, setDeleting] = useState<TWebhook | null>(null);
  const full = rows.length >= WEBHOOKS_PER_SITE;

  const remove = useMutation({
    mutationFn: (id: string) => webhooksApi.remove(siteId, id, { toast: false }),
    onSuccess: ({ message }, id) => {
      notifySuccess(message ?? translateMessage('webhooks.deleted', lang));
      queryClient.setQueryData(webhookKeys.list(siteId), (old: typeof list.data) =>
        old ? { ...old, data: old.data.filter((w) => w.id !== id) } : old,
      );
      queryClient.removeQueries({ queryKey: webhookKeys.deliveries(id) });
      void queryClient.invalidateQueries({ queryKey: webhookKeys.list(siteId) });
      setDeleting(null);
    },
    onError: (error) => notifyError(error instanceof ApiError ? error.message : t('webhooks.saveFailed')),
  });

  return (
    <Stack gap="md">
      {write.locked ? (
        <ReadOnlyNotice message={t('webhooks.readOnly')} reason={write.reason} testId="webhooks-read-only" />
      ) : (
        <WebhookForm siteId={siteId} full={full} />
      )}

      <Card p={0} data-testid="webhooks-list">
        <CardHeading
          title={t('webhooks.list.title')}
          count={list.data ? t('webhooks.list.count', { count: rows.length, max: WEBHOOKS_PER_SITE }) : null}
          countTestId="webhooks-count"
        />
        {list.isPending ? (
          <Stack p="md" gap="sm" aria-busy="true" data-testid="webhooks-loading">
            <Skeleton h={28} w="60%" radius="sm" />
            <Skeleton h={18} w="40%" radius="sm" />
            <Skeleton h={120} radius="sm" />
          </Stack>
        ) : list.isError ? (
          <Stack align="center" py={48} gap="xs" data-testid="webhooks-error">
            <Text c="dimmed">
              {list.error instanceof ApiError ? list.error.message : t('webhooks.loadFailed')}
            </Text>
            <Button variant="light" onClick={() => void list.refetch()}>
              {t('webhooks.retry')}
            </Button>
          </Stack>
        ) : rows.length === 0 ? (
          <Stack align="center" py={48} px="md" gap="sm" data-testid="webhooks-empty">
            <IconWebhook size={40} stroke={1.4} color="var(--mantine-color-gray-6)" aria-hidden />
            <Text fw={600}>{t('webhooks.empty.title')}</Text>
            <Text size="sm" c="dimmed" ta="center" maw={440}>
              {write.locked ? t('webhooks.empty.viewer') : t('webhooks.empty.body')}
            </Text>
          </Stack>
        ) : (
          <Stack gap={0}>
            {rows.map((webhook, i) => (
              <WebhookCard
                key={webhook.id}
                siteId={siteId}
                webhook={webhook}
                write={write}
                first={i === 0}
                onDelete={() => setDeleting(webhook)}
              />
            ))}
          </Stack>
        )}
      </Card>

      <ConfirmDeleteModal
        item={deleting}
        title={t('webhooks.delete.title')}
        intro={(w) => t('webhooks.delete.intro', { url: w.url })}
        consequences={[
          t('webhooks.delete.stops'),
          t('webhooks.delete.log'),
          t('webhooks.delete.irreversible'),
        ]}
        confirmLabel={t('webhooks.delete.confirm')}
        cancelLabel={t('webhooks.cancel')}
        pending={remove.isPending}
        onConfirm={(w) => remove.mutate(w.id)}
        onClose={() => setDeleting(null)}
        onItemChange={remove.reset}
        testId="delete-webhook"
      />
      <WebhookGuide testInbox={rows.some((w) => w.testMode)} />
    </Stack>
  );
}
