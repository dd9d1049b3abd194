import { ActionIcon, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

// A value shown in monospace with a copy button: client ID, base URL, curl example, new key.

export function CopyField({
  label,
  value,
  testId,
  multiline,
}: {
  label: string;
  value: string;
  testId: string;
  multiline?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        {label}
      </Text>
      <Group
        gap={4}
        wrap="nowrap"
        align="flex-start"
        pl="sm"
        pr={4}
        py={4}
        style={{
          border: '1px solid var(--mantine-color-gray-3)',
          borderRadius: 'var(--mantine-radius-md)',
          background: 'var(--mantine-color-gray-0)',
        }}
      >
        <Text
          ff="monospace"
          fz={multiline ? 'xs' : 'sm'}
          py={6}
          flex={1}
          miw={0}
          data-testid={testId}
          // A command keeps its lines and scrolls sideways on a narrow screen, like code does;
          // single values (a key, a URL) wrap anywhere instead.
          style={
            multiline
              ? { whiteSpace: 'pre', overflowX: 'auto', lineHeight: 1.7 }
              : { overflowWrap: 'anywhere' }
          }
        >
          {value}
        </Text>
        <CopyButton value={value} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('apiAccess.copied') : t('apiAccess.copy')} withArrow position="left">
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                size="lg"
                onClick={copy}
                aria-label={`${t('apiAccess.copy')}: ${label}`}
                data-testid={`${testId}-copy`}
              >
                {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </div>
  );
}
