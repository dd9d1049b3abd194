import { Badge, Center, Group, Skeleton, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import type { TAdmin } from '@swipe/contracts/admins';
import { IconEye, IconLock, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/format';
import type { TListColumn, TListRowsDef } from '../../app/list-rows';
import { initialsOf } from '../../app/user-avatar';
import { useWriteAccess } from '../../app/write-access';
import { WriteIcon } from '../../app/write-control';

// The rows of the admin list: a table on wide screens, cards on phones.

const ROLE_COLORS = { MAIN_CONTACT: 'grape', EDITOR: 'brand', VIEWER: 'gray' } as const;

function useFormatDate() {
  const { i18n } = useTranslation();
  return (iso: string) => formatDateTime(iso, i18n.language);
}

function RoleBadge({ admin }: { admin: TAdmin }) {
  const { t } = useTranslation();
  if (!admin.adminRoleLabel)
    return (
      <Text size="sm" c="dimmed">
        {t('admins.noRole')}
      </Text>
    );
  return (
    <Badge variant="light" color={ROLE_COLORS[admin.adminRoleLabel]} radius="sm" tt="none">
      {t(`adminRoleLabels.${admin.adminRoleLabel}`)}
    </Badge>
  );
}

function AuthorityBadge({ admin }: { admin: TAdmin }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant={admin.authority === 'EDIT' ? 'filled' : 'outline'}
      color={admin.authority === 'EDIT' ? 'brand' : 'gray'}
      radius="sm"
      tt="none"
      leftSection={admin.authority === 'VIEW' ? <IconEye size={12} /> : <IconPencil size={12} />}
    >
      {t(`authority.${admin.authority}`)}
    </Badge>
  );
}

function StatusText({ admin }: { admin: TAdmin }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  if (admin.mustChangePassword)
    return (
      <Badge variant="dot" color="yellow" radius="sm" tt="none" c="dark.6" fw={500}>
        {t('admins.pending')}
      </Badge>
    );
  return (
    <Text size="sm" c="dimmed">
      {admin.lastLoginAt
        ? t('admins.lastSignIn', { date: formatDate(admin.lastLoginAt) })
        : t('admins.neverSignedIn')}
    </Text>
  );
}

function NameCell({ admin }: { admin: TAdmin }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <Center
        w={34}
        h={34}
        style={{ borderRadius: 34, flexShrink: 0 }}
        bg={admin.isPrincipal ? 'brand.6' : 'brand.0'}
        c={admin.isPrincipal ? 'white' : 'brand.7'}
        fz="xs"
        fw={700}
        aria-hidden
      >
        {initialsOf(admin.name) || '?'}
      </Center>
      <Stack gap={2} miw={0}>
        <Group gap={6} wrap="wrap">
          <Text size="sm" fw={600} className="break-anywhere">
            {admin.name}
          </Text>
          {admin.isSelf && (
            <Badge size="xs" variant="light" color="teal" radius="sm">
              {t('admins.you')}
            </Badge>
          )}
        </Group>
        {admin.isPrincipal && (
          <Badge
            size="xs"
            variant="light"
            color="brand"
            radius="sm"
            w="fit-content"
            data-testid="admin-principal"
          >
            {t('admins.mainAccount')}
          </Badge>
        )}
      </Stack>
    </Group>
  );
}

export type TRowActions = { onEdit: (a: TAdmin) => void; onDelete: (a: TAdmin) => void };

function RowActions({ admin, onEdit, onDelete }: TRowActions & { admin: TAdmin }) {
  const { t } = useTranslation();
  const { locked, reason } = useWriteAccess();
  if (admin.isPrincipal)
    return (
      <Group justify="flex-end">
        <Tooltip label={t('admins.mainAccountHint')} multiline maw={260} withArrow>
          <ThemeIcon
            variant="transparent"
            color="gray"
            size="lg"
            tabIndex={0}
            aria-label={t('admins.mainAccountHint')}
            data-testid="admin-principal-locked"
          >
            <IconLock size={18} stroke={1.7} />
          </ThemeIcon>
        </Tooltip>
      </Group>
    );
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <WriteIcon
        locked={locked}
        reason={reason}
        label={t('admins.edit', { name: admin.name })}
        variant="subtle"
        color="gray"
        size="lg"
        onClick={() => onEdit(admin)}
        data-testid="admin-edit"
      >
        <IconPencil size={18} stroke={1.7} />
      </WriteIcon>
      <WriteIcon
        locked={locked || admin.isSelf}
        reason={admin.isSelf && !locked ? t('admins.cannotDeleteSelf') : reason}
        label={t('admins.delete', { name: admin.name })}
        variant="subtle"
        color="red"
        size="lg"
        onClick={() => onDelete(admin)}
        data-testid="admin-delete"
      >
        <IconTrash size={18} stroke={1.7} />
      </WriteIcon>
    </Group>
  );
}

/** The admin list's columns, for its table (wide screens) and its cards (phones). */
export function useAdminRows(actions: TRowActions): TListRowsDef<TAdmin> {
  const { t } = useTranslation();
  const columns: TListColumn<TAdmin>[] = [
    {
      key: 'name',
      header: t('admins.columns.name'),
      cell: (admin) => <NameCell admin={admin} />,
      maw: 260,
      card: 'title',
    },
    {
      key: 'email',
      header: t('admins.columns.email'),
      cell: (admin) => (
        <Text size="sm" className="break-anywhere">
          {admin.email}
        </Text>
      ),
      card: 'meta',
    },
    {
      key: 'role',
      header: t('admins.columns.role'),
      cell: (admin) => <RoleBadge admin={admin} />,
      card: 'badge',
    },
    {
      key: 'authority',
      header: t('admins.columns.authority'),
      cell: (admin) => <AuthorityBadge admin={admin} />,
      card: 'badge',
    },
    {
      key: 'status',
      header: t('admins.columns.status'),
      cell: (admin) => <StatusText admin={admin} />,
      card: 'meta',
    },
    {
      key: 'actions',
      header: t('admins.columns.actions'),
      cell: (admin) => <RowActions admin={admin} {...actions} />,
      // The main account's lock is said in the table; its card just has no actions.
      cardCell: (admin) => (admin.isPrincipal ? null : <RowActions admin={admin} {...actions} />),
      align: 'right',
      card: 'actions',
    },
  ];
  return {
    columns,
    rowKey: (admin) => admin.id,
    rowTestId: 'admin-row',
    rowAttrs: (admin) => ({
      'data-email': admin.email,
      bg: admin.isPrincipal ? 'var(--mantine-color-brand-0)' : undefined,
    }),
    tableMinWidth: 760,
    tableTestId: 'admins-table',
  };
}

export function ListSkeleton() {
  return (
    <Stack gap="md" p="md" data-testid="admins-loading">
      {[0, 1, 2].map((i) => (
        <Group key={i} gap="md" wrap="nowrap">
          <Skeleton circle height={34} />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton height={12} width="40%" />
            <Skeleton height={10} width="65%" />
          </Stack>
          <Skeleton height={22} width={70} visibleFrom="sm" />
          <Skeleton height={22} width={60} visibleFrom="sm" />
        </Group>
      ))}
    </Stack>
  );
}
