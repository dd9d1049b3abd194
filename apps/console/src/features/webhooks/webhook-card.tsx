import { ActionIcon, Badge, Box, CopyButton, Group, Stack, Switch, Text, Tooltip } from '@mantine/core';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import type { TWebhook, TWebhookDelivery } from '@swipe/contracts/webhooks';
import {
  IconCheck,
  IconCopy,
  IconEye,
  IconEyeOff,
  IconFlask,
  IconKey,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, type TEnvelope } from '../../app/api-client';
import { formatJstDateTime } from '../../app/format';
import { notifyError, notifySuccess } from '../../app/notify';
import { WriteButton, WriteIcon } from '../../app/write-control';
import { DeliveryLog, DeliveryStatusBadge } from './delivery-log';
import { deliveriesPollMs, isInFlight, latestDelivery, maskSecret } from './webhook-values';
import { webhookKeys, webhooksApi } from './webhooks-api';

type TLock = { locked: boolean; reason: string };

/** One webhook's newest deliveries, polled quickly while one is under way. */
function useDeliveries(siteId: string, webhookId: string) {
  return useQuery({
    queryKey: webhookKeys.deliveries(webhookId),
    queryFn: ({ signal }) => webhooksApi.deliveries(siteId, webhookId, { signal, toast: false }),
    refetchInterval: (query) => deliveriesPollMs(query.state.data?.data),
  });
}

/** The signing secret, hidden until asked for, with a copy button; not shown to read-only users. */
function SecretRow({ webhook, locked }: { webhook: TWebhook; locked: boolean }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const secret = locked ? null : webhook.secret;
  return (
    // The label, then the value with its buttons as one piece, which moves under the label on a
    // narrow screen rather than breaking the hidden form in two.
    <Group gap="xs" wrap="wrap" style={{ rowGap: 4 }} align="center" miw={0} data-testid="webhook-secret-row">
      <Group gap={6} wrap="nowrap">
        <IconKey
          size={16}
          stroke={1.6}
          color="var(--mantine-color-gray-6)"
          aria-hidden
          style={{ flexShrink: 0 }}
        />
        <Text size="sm" fw={500}>
          {t('webhooks.webhook.secret')}
        </Text>
      </Group>
      {secret !== null ? (
        <Group gap={4} wrap="nowrap" miw={0} style={{ flex: shown ? '1 1 240px' : '0 1 auto' }}>
          <Text
            ff="monospace"
            fz="sm"
            miw={0}
            className={shown ? 'break-anywhere' : undefined}
            style={shown ? undefined : { whiteSpace: 'nowrap' }}
            data-testid="webhook-secret"
            data-revealed={shown}
          >
            {shown ? secret : maskSecret(secret)}
          </Text>
          <Group gap={2} wrap="nowrap" style={{ flexShrink: 0 }}>
            <Tooltip label={shown ? t('webhooks.webhook.hide') : t('webhooks.webhook.reveal')} withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={shown ? t('webhooks.webhook.hide') : t('webhooks.webhook.reveal')}
                onClick={() => setShown((s) => !s)}
                data-testid="webhook-secret-reveal"
              >
                {shown ? <IconEyeOff size={18} /> : <IconEye size={18} />}
              </ActionIcon>
            </Tooltip>
            <CopyButton value={secret} timeout={2000}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t('webhooks.webhook.copied') : t('webhooks.webhook.copy')} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color={copied ? 'teal' : 'gray'}
                    aria-label={t('webhooks.webhook.copy')}
                    onClick={copy}
                    data-testid="webhook-secret-copy"
                  >
                    {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
        </Group>
      ) : (
        <Text size="sm" c="dimmed" data-testid="webhook-secret-locked">
          {t('webhooks.webhook.secretLocked')}
        </Text>
      )}
    </Group>
  );
}

/**
 * One registered webhook: its URL and state, the switch that pauses it, the secret, the test
 * event and delete buttons, and its delivery log.
 */
export function WebhookCard({
  siteId,
  webhook,
  write,
  first,
  onDelete,
}: {
  siteId: string;
  webhook: TWebhook;
  write: TLock;
  first: boolean;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as TUiLanguage;
  const queryClient = useQueryClient();
  const log = useDeliveries(siteId, webhook.id);
  const latest = latestDelivery(webhook, log.data?.data);
  const listKey = webhookKeys.list(siteId);

  const replace = (next: TWebhook) =>
    queryClient.setQueryData(listKey, (old: TEnvelope<TWebhook[]> | undefined) =>
      old ? { ...old, data: old.data.map((w) => (w.id === next.id ? next : w)) } : old,
    );

  const toggle = useMutation({
    mutationFn: (enabled: boolean) => webhooksApi.setEnabled(siteId, webhook.id, enabled, { toast: false }),
    // The switch moves at once; a refusal moves it back.
    onMutate: (enabled) => replace({ ...webhook, enabled }),
    onSuccess: ({ data, message }) => {
      replace(data);
      notifySuccess(message ?? t(data.enabled ? 'webhooks.webhook.resumed' : 'webhooks.webhook.pausedDone'));
    },
    onError: (error) => {
      replace(webhook);
      notifyError(error instanceof ApiError ? error.message : t('webhooks.saveFailed'));
    },
  });

  const sendTest = useMutation({
    mutationFn: () => webhooksApi.sendTest(siteId, webhook.id, { toast: false }),
    onSuccess: ({ data, message }) => {
      if (message) notifySuccess(message);
      // The queued event shows at once (PENDING), which starts the log's quick polling.
      queryClient.setQueryData(
        webhookKeys.deliveries(webhook.id),
        (old: TEnvelope<TWebhookDelivery[]> | undefined) =>
          old && !old.data.some((d) => d.id === data.id) ? { ...old, data: [data, ...old.data] } : old,
      );
      void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(webhook.id) });
      void queryClient.invalidateQueries({ queryKey: listKey });
    },
    onError: (error) => notifyError(error instanceof ApiError ? error.message : t('webhooks.saveFailed')),
  });

  const switchControl = (
    <Switch
      checked={webhook.enabled}
      onChange={(e) => {
        if (!write.locked) toggle.mutate(e.currentTarget.checked);
      }}
      label={t('webhooks.webhook.enabled')}
      aria-label={t('webhooks.webhook.enabledLabel', { url: webhook.url })}
      aria-disabled={write.locked || undefined}
      readOnly={write.locked}
      styles={write.locked ? { root: { opacity: 0.6 }, track: { cursor: 'not-allowed' } } : undefined}
      data-testid="webhook-enabled"
    />
  );

  return (
    <Box
      p="md"
      style={first ? undefined : { borderTop: '1px solid var(--mantine-color-gray-3)' }}
      data-testid="webhook-row"
      data-url={webhook.url}
      data-enabled={webhook.enabled}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={6} miw={0} style={{ flex: '1 1 320px' }}>
            <Text ff="monospace" fw={600} fz="sm" className="break-anywhere" data-testid="webhook-url-text">
              {webhook.url}
            </Text>
            <Group gap={8} wrap="wrap">
              {webhook.testMode && (
                <Tooltip label={t('webhooks.webhook.testModeHint')} withArrow multiline maw={260}>
                  <Badge
                    variant="light"
                    color="grape"
                    c="grape.9"
                    radius="sm"
                    tt="none"
                    leftSection={<IconFlask size={12} aria-hidden />}
                    data-testid="webhook-test-mode"
                  >
                    {t('webhooks.webhook.testMode')}
                  </Badge>
                </Tooltip>
              )}
              {!webhook.enabled && (
                <Badge
                  variant="light"
                  color="gray"
                  c="gray.9"
                  radius="sm"
                  tt="none"
                  data-testid="webhook-paused"
                >
                  {t('webhooks.webhook.paused')}
                </Badge>
              )}
              <Group gap={6} wrap="wrap" data-testid="webhook-last-delivery">
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {t('webhooks.webhook.lastDelivery')}:
                </Text>
                {latest ? (
                  <>
                    <DeliveryStatusBadge status={latest.status} testId="webhook-last-status" />
                    <Text size="xs" c="dimmed">
                      {latest.responseStatus !== null ? `HTTP ${latest.responseStatus} · ` : ''}
                      {formatJstDateTime(latest.at, lang)}
                    </Text>
                  </>
                ) : (
                  <Text size="xs" c="dimmed">
                    {t('webhooks.webhook.noDelivery')}
                  </Text>
                )}
              </Group>
            </Group>
          </Stack>
          <Group gap="sm" wrap="wrap" align="center">
            {write.locked ? (
              <Tooltip
                label={write.reason}
                withArrow
                multiline
                maw={280}
                events={{ hover: true, focus: true, touch: true }}
              >
                <Box component="span" style={{ display: 'inline-flex' }}>
                  {switchControl}
                </Box>
              </Tooltip>
            ) : (
              switchControl
            )}
            <Group gap="xs" wrap="nowrap">
              <WriteButton
                // A paused webhook sends nothing, tests included: say so instead of failing.
                locked={write.locked || !webhook.enabled}
                reason={write.locked ? write.reason : t('webhooks.webhook.testPaused')}
                variant="default"
                size="xs"
                leftSection={<IconSend size={15} />}
                loading={sendTest.isPending}
                onClick={() => sendTest.mutate()}
                data-testid="webhook-send-test"
              >
                {t('webhooks.webhook.sendTest')}
              </WriteButton>
              <WriteIcon
                locked={write.locked}
                reason={write.reason}
                label={`${t('webhooks.webhook.delete')}: ${webhook.url}`}
                variant="subtle"
                color="red"
                onClick={onDelete}
                data-testid="webhook-delete"
              >
                <IconTrash size={18} />
              </WriteIcon>
            </Group>
          </Group>
        </Group>
        <SecretRow webhook={webhook} locked={write.locked} />
        <DeliveryLog
          url={webhook.url}
          query={log}
          live={log.data?.data.some((d) => isInFlight(d.status)) ?? false}
        />
      </Stack>
    </Box>
  );
}
