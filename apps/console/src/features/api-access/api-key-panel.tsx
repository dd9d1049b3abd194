import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { TApiSettings } from '@swipe/contracts/api-access';
import { IconAlertTriangle, IconKey, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/format';
import { CopyField } from './copy-field';

// API key mode: the current key (by its prefix only), a freshly issued key shown this once,
// and the issue / revoke actions (the dialog asks for confirmation before either replaces one).

export function ApiKeyPanel({
  settings,
  freshKey,
  readOnly,
  busy,
  error,
  onIssue,
  onRevoke,
}: {
  settings: TApiSettings;
  freshKey: string | null;
  readOnly: boolean;
  busy: boolean;
  error?: string;
  onIssue: () => void;
  onRevoke: () => void;
}) {
  const { t, i18n } = useTranslation();
  const key = settings.key;
  return (
    <Stack gap="sm" data-testid="api-key-panel">
      {freshKey && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={t('apiAccess.key.newTitle')}
          data-testid="api-key-new"
        >
          <Stack gap="sm">
            <Text size="sm">{t('apiAccess.key.newWarning')}</Text>
            <CopyField label={t('apiAccess.key.newLabel')} value={freshKey} testId="api-key-new-value" />
          </Stack>
        </Alert>
      )}
      <Group
        justify="space-between"
        gap="sm"
        p="sm"
        style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)' }}
      >
        <Group gap="sm" wrap="nowrap" miw={0}>
          <IconKey size={20} stroke={1.6} color="var(--mantine-color-gray-6)" style={{ flexShrink: 0 }} />
          {key ? (
            <Stack gap={0} miw={0}>
              <Text ff="monospace" fz="sm" fw={600} data-testid="api-key-prefix" className="break-anywhere">
                slp_{key.prefix}_••••••••
              </Text>
              <Text size="xs" c="dimmed">
                {t('apiAccess.key.issuedAt', { date: formatDateTime(key.issuedAt, i18n.language) })}
              </Text>
            </Stack>
          ) : (
            <Text size="sm" c="dimmed" data-testid="api-key-none">
              {t('apiAccess.key.none')}
            </Text>
          )}
        </Group>
        {key ? (
          <Badge color="teal" variant="light">
            {t('apiAccess.key.active')}
          </Badge>
        ) : null}
      </Group>
      {error && (
        <Text size="xs" c="red.7" role="alert" data-testid="api-key-error">
          {error}
        </Text>
      )}
      {!readOnly && (
        <Group gap="sm">
          <Button
            leftSection={key ? <IconRefresh size={16} /> : <IconKey size={16} />}
            variant={key ? 'default' : 'filled'}
            onClick={onIssue}
            loading={busy}
            data-testid="api-key-issue"
          >
            {key ? t('apiAccess.key.reissue') : t('apiAccess.key.issue')}
          </Button>
          {key && (
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} />}
              onClick={onRevoke}
              disabled={busy}
              data-testid="api-key-revoke"
            >
              {t('apiAccess.key.revoke')}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
