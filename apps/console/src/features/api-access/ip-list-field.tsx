import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { API_IP_LIST_MAX } from '@swipe/contracts/api-access';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TApiFormValues } from './api-access-form';

// The IP restriction list: one row per address or CIDR range, added and removed in place.

export function IpListField({
  form,
  readOnly,
}: {
  form: UseFormReturnType<TApiFormValues>;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const rows = form.getValues().ipList;
  const listError = form.errors.ipList;

  const add = () => {
    form.insertListItem('ipList', '');
    form.clearFieldError('ipList');
    // Focus the new row once it is rendered.
    const index = rows.length;
    setTimeout(() => document.getElementById(`api-ip-${index}`)?.focus(), 0);
  };

  return (
    <Stack gap="xs">
      {/* The add button sits above the rows: errors appearing below a row never move it away
          from the pointer between pressing and releasing. */}
      <Group justify="space-between" align="flex-end" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={500}>
            {t('apiAccess.ip.label')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('apiAccess.ip.hint')}
          </Text>
        </div>
        {!readOnly && (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={16} />}
            onClick={add}
            disabled={rows.length >= API_IP_LIST_MAX}
            style={{ flexShrink: 0 }}
            data-testid="api-ip-add"
          >
            {t('apiAccess.ip.add')}
          </Button>
        )}
      </Group>
      {rows.length === 0 && (
        <Text
          size="sm"
          c={listError ? 'red.7' : 'dimmed'}
          py="sm"
          px="md"
          ta="center"
          style={{
            border: '1px dashed var(--mantine-color-gray-4)',
            borderRadius: 'var(--mantine-radius-md)',
          }}
          data-testid="api-ip-empty"
        >
          {t('apiAccess.ip.empty')}
        </Text>
      )}
      {rows.map((ip, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their position
        <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            id={`api-ip-${index}`}
            flex={1}
            miw={0}
            size="sm"
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            placeholder={t('apiAccess.ip.placeholder')}
            aria-label={t('apiAccess.ip.rowLabel', { n: index + 1 })}
            autoComplete="off"
            spellCheck={false}
            readOnly={readOnly}
            data-testid={`api-ip-${index}`}
            {...form.getInputProps(`ipList.${index}`)}
          />
          {!readOnly && (
            <ActionIcon
              variant="subtle"
              color="gray"
              size={36}
              onClick={() => form.removeListItem('ipList', index)}
              aria-label={ip ? t('apiAccess.ip.remove', { ip }) : t('apiAccess.ip.removeEmpty')}
              data-testid={`api-ip-remove-${index}`}
            >
              <IconTrash size={18} />
            </ActionIcon>
          )}
        </Group>
      ))}
      {listError && (
        <Text size="xs" c="red.7" role="alert" data-testid="api-ip-error">
          {listError}
        </Text>
      )}
    </Stack>
  );
}
