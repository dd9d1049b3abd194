import {
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  useModalsStack,
} from '@mantine/core';
import type { TApiSettings } from '@swipe/contracts/api-access';
import { IconApi, IconEye, IconSettings } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useWriteAccess } from '../../app/write-access';
import { API_SETTINGS_QUERY_KEY, apiAccessApi } from './api-access-api';
import { ApiAccessDialog, type TApiModalId } from './api-access-dialog';

// "API access" on the My account page: where the account's API stands, and the way into the
// API issuance dialog (read-only while writes are locked).

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      <Text size="sm" fw={500} component="div" className="break-anywhere">
        {children}
      </Text>
    </Stack>
  );
}

function StatusBadge({ settings }: { settings: TApiSettings }) {
  const { t } = useTranslation();
  if (!settings.configured)
    return (
      <Badge color="gray" variant="outline" data-testid="api-access-status">
        {t('apiAccess.status.notConfigured')}
      </Badge>
    );
  return (
    <Badge color={settings.enabled ? 'teal' : 'gray'} variant="light" data-testid="api-access-status">
      {settings.enabled ? t('apiAccess.status.enabled') : t('apiAccess.status.disabled')}
    </Badge>
  );
}

export function ApiAccessCard() {
  const { t } = useTranslation();
  const { locked: readOnly } = useWriteAccess();
  const stack = useModalsStack<TApiModalId>(['settings', 'issue', 'revoke']);
  const query = useQuery({
    queryKey: API_SETTINGS_QUERY_KEY,
    queryFn: ({ signal }) => apiAccessApi.get({ signal, toast: false }),
  });
  const settings = query.data?.data;

  return (
    <Card component="section" aria-labelledby="api-access-title" data-testid="api-access-card">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={4} miw={0}>
            <Group gap="xs" wrap="nowrap">
              <IconApi size={20} stroke={1.7} />
              <Title order={2} fz="lg" id="api-access-title">
                {t('apiAccess.title')}
              </Title>
            </Group>
            <Text size="sm" c="dimmed">
              {t('apiAccess.cardHint')}
            </Text>
          </Stack>
          {settings && <StatusBadge settings={settings} />}
        </Group>

        {query.isPending && (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" data-testid="api-access-loading">
            {[0, 1, 2].map((i) => (
              <Stack key={i} gap={6}>
                <Skeleton height={10} width="40%" />
                <Skeleton height={16} width="80%" />
              </Stack>
            ))}
          </SimpleGrid>
        )}

        {query.isError && (
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="red.7" role="alert">
              {query.error.message || t('apiAccess.loadError')}
            </Text>
            <Button variant="default" size="xs" onClick={() => query.refetch()}>
              {t('apiAccess.retry')}
            </Button>
          </Group>
        )}

        {settings && (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" verticalSpacing="md">
            <Fact label={t('apiAccess.method')}>
              <span data-testid="api-access-method-summary">{t(`apiAccess.methods.${settings.method}`)}</span>
            </Fact>
            <Fact label={t('apiAccess.key.label')}>
              {settings.key ? (
                <Text span ff="monospace" fz="sm" fw={500}>
                  slp_{settings.key.prefix}_…
                </Text>
              ) : (
                <Text span c="dimmed" size="sm">
                  {t('apiAccess.key.noneShort')}
                </Text>
              )}
            </Fact>
            <Fact label={t('apiAccess.connect.baseUrl')}>
              <Text span ff="monospace" fz="sm">
                {settings.baseUrl}
              </Text>
            </Fact>
          </SimpleGrid>
        )}

        {settings && (
          <Group>
            <Button
              variant={readOnly ? 'default' : 'light'}
              leftSection={readOnly ? <IconEye size={16} /> : <IconSettings size={16} />}
              onClick={() => stack.open('settings')}
              data-testid="api-access-open"
            >
              {readOnly ? t('apiAccess.openReadOnly') : t('apiAccess.open')}
            </Button>
          </Group>
        )}
      </Stack>
      {settings && <ApiAccessDialog stack={stack} settings={settings} />}
    </Card>
  );
}
