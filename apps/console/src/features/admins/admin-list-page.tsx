import { Alert, Button, Card, Group, Modal, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TAdmin } from '@swipe/contracts/admins';
import { IconEye, IconUserPlus, IconUsersGroup } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListRows } from '../../app/list-rows';
import { notifySuccess } from '../../app/notify';
import { usePageTitle } from '../../app/use-page-title';
import { useWriteAccess } from '../../app/write-access';
import { WriteButton } from '../../app/write-control';
import { AdminFormModal } from './admin-form-modal';
import { ListSkeleton, type TRowActions, useAdminRows } from './admin-rows';
import { adminsApi, adminsKey } from './admins-api';

/** /{prefix}/admin-list: the principal and its sub-admins (the admin settings screen). */
export function AdminListPage() {
  const { t } = useTranslation();
  usePageTitle(t('admins.title'));
  const wide = useMediaQuery('(min-width: 48em)', true);
  const queryClient = useQueryClient();
  const { locked, reason, cause } = useWriteAccess();

  const list = useQuery({
    queryKey: adminsKey,
    queryFn: ({ signal }) => adminsApi.list({ signal }).then((r) => r.data),
  });
  const [editing, setEditing] = useState<TAdmin | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<TAdmin | null>(null);

  const remove = useMutation({
    mutationFn: (admin: TAdmin) => adminsApi.remove(admin.id),
    onSuccess: async ({ message }) => {
      await queryClient.invalidateQueries({ queryKey: adminsKey });
      setDeleting(null);
      if (message) notifySuccess(message);
    },
  });

  const openCreate = () => {
    setEditing(null);
    setFormOpen(true);
  };
  const actions: TRowActions = {
    onEdit: (admin) => {
      setEditing(admin);
      setFormOpen(true);
    },
    onDelete: setDeleting,
  };
  const adminRows = useAdminRows(actions);
  const admins = list.data ?? [];
  const subs = admins.filter((a) => !a.isPrincipal);

  return (
    <Stack gap="lg" data-testid="admin-list-page">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4} maw={720}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {t('admins.title')}
          </Title>
          <Text c="dimmed">{t('admins.subtitle')}</Text>
        </Stack>
        <WriteButton
          locked={locked}
          reason={reason}
          leftSection={<IconUserPlus size={18} stroke={1.7} />}
          onClick={openCreate}
          data-testid="admins-add"
        >
          {t('admins.add')}
        </WriteButton>
      </Group>

      {/* A suspension has its own banner above every page. */}
      {cause === 'viewOnly' && (
        <Alert variant="light" color="gray" icon={<IconEye size={18} />} data-testid="admins-view-only">
          {t('admins.viewOnly')}
        </Alert>
      )}

      <Card padding={0} withBorder>
        {list.isPending ? (
          <ListSkeleton />
        ) : list.isError ? (
          <Stack align="center" gap="sm" p="xl">
            <Text c="dimmed">{t('admins.loadError')}</Text>
            <Button variant="default" onClick={() => list.refetch()}>
              {t('admins.retry')}
            </Button>
          </Stack>
        ) : (
          <>
            <ListRows def={adminRows} rows={admins} table={wide} />
            {subs.length === 0 && (
              <Stack
                align="center"
                gap="xs"
                px="md"
                py="xl"
                ta="center"
                style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
                data-testid="admins-empty"
              >
                <ThemeIcon size={48} radius="xl" variant="light" color="brand">
                  <IconUsersGroup size={26} stroke={1.6} />
                </ThemeIcon>
                <Text fw={600}>{t('admins.empty.title')}</Text>
                <Text size="sm" c="dimmed" maw={460}>
                  {t('admins.empty.body')}
                </Text>
                <WriteButton
                  locked={locked}
                  reason={reason}
                  variant="light"
                  mt="xs"
                  leftSection={<IconUserPlus size={16} stroke={1.7} />}
                  onClick={openCreate}
                >
                  {t('admins.add')}
                </WriteButton>
              </Stack>
            )}
          </>
        )}
      </Card>

      <AdminFormModal opened={formOpen} admin={editing} onClose={() => setFormOpen(false)} />

      <Modal
        opened={deleting !== null}
        onClose={() => !remove.isPending && setDeleting(null)}
        title={
          <Text fw={650} fz="lg">
            {t('admins.confirmDelete.title')}
          </Text>
        }
        centered
        data-testid="admin-delete-confirm"
      >
        <Stack gap="lg">
          <Text size="sm">
            {deleting && t('admins.confirmDelete.body', { name: deleting.name, email: deleting.email })}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setDeleting(null)} disabled={remove.isPending}>
              {t('admins.confirmDelete.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => deleting && remove.mutate(deleting)}
              data-testid="admin-delete-submit"
            >
              {t('admins.confirmDelete.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
