import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { TContractStatus } from '@swipe/contracts/roles';
import type { TUserKind } from '@swipe/contracts/users';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusDot } from '../../app/status-dot';
import { useShell } from '../../app/use-shell';
import { STATUS_COLORS } from './user-format';

// Small pieces the user pages share: badges, a labelled value and the unavailable notice.

export function StatusBadge({ status }: { status: TContractStatus | null | undefined }) {
  const { t } = useTranslation();
  if (!status)
    return (
      <Badge variant="outline" color="gray" radius="sm">
        {t('users.detail.noContract')}
      </Badge>
    );
  return (
    <Badge
      variant="light"
      color={STATUS_COLORS[status]}
      radius="sm"
      tt="none"
      fw={600}
      styles={{
        root: { flexShrink: 0, maxWidth: 'none', overflow: 'visible' },
        label: { overflow: 'visible' },
      }}
      leftSection={<StatusDot color={STATUS_COLORS[status]} />}
      data-testid="status-badge"
      data-status={status}
    >
      {t(`users.status.${status}`)}
    </Badge>
  );
}

const KIND_COLORS: Record<TUserKind, string> = {
  OEM_MASTER: 'grape',
  OEM_ADMIN: 'violet',
  USER: 'blue',
  DIRECT_USER: 'cyan',
};

export function KindBadge({ kind }: { kind: TUserKind }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={KIND_COLORS[kind]} radius="sm" tt="none" fw={500} c="dark.6">
      {t(`users.kind.${kind}`)}
    </Badge>
  );
}

export function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      <Text size="sm" fw={500} className="break-anywhere" data-testid={testId} component="div">
        {children}
      </Text>
    </Stack>
  );
}

export function Muted({ children }: { children: ReactNode }) {
  return (
    <Text span c="dimmed" size="sm" fw={400}>
      {children}
    </Text>
  );
}

/** Why a page cannot show its form, with the way back to the user list. */
export function UnavailableAlert({
  icon,
  testId,
  children,
}: {
  icon?: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { prefix } = useShell();
  return (
    <Alert color="orange" variant="light" icon={icon} data-testid={testId}>
      {children}
      <Group mt="sm">
        <Button component={Link} to={`/${prefix}/user-list`} variant="light" size="xs">
          {t('users.detail.back')}
        </Button>
      </Group>
    </Alert>
  );
}
