import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TCampaign } from '@swipe/contracts/campaigns';
import type { TSiteLanguage } from '@swipe/contracts/sites';
import { IconCopy, IconEye, IconPencil, IconPlus, IconSpeakerphone, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/api-client';
import { ConfirmDeleteModal } from '../../app/confirm-delete-modal';
import { formatCount, formatShortDate, todayJst } from '../../app/format';
import { notifyError, notifySuccess } from '../../app/notify';
import { StatusDot } from '../../app/status-dot';
import { WriteButton, WriteIcon } from '../../app/write-control';
import { campaignName, campaignStatus, duplicateOf, type TCampaignStatus } from './campaign-draft';
import { campaignKeys, campaignsApi } from './campaigns-api';

const STATUS_COLOURS: Record<TCampaignStatus, string> = { active: 'teal', scheduled: 'blue', ended: 'gray' };
/** What a duplicate's names end with. */
export const COPY_SUFFIX = ' (copy)';

/**
 * The campaigns of one site: a table (cards on a phone) with their name, days, state (JST today),
 * pages and clicks; edit, duplicate and delete (confirmed in a modal).
 */
export function CampaignList({
  siteId,
  languages,
  write,
  onCreate,
  onEdit,
}: {
  siteId: string;
  languages: TSiteLanguage[];
  write: { locked: boolean; reason: string };
  onCreate: () => void;
  onEdit: (id: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const phone = useMediaQuery('(max-width: 48em)');
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: campaignKeys.list(siteId),
    queryFn: ({ signal }) => campaignsApi.list(siteId, { signal }),
  });
  const [deleting, setDeleting] = useState<TCampaign | null>(null);
  const rows = list.data?.data ?? [];
  const today = todayJst();
  const nameOf = (c: TCampaign) => campaignName(c, lang, languages) || t('campaigns.unnamed');

  const duplicate = useMutation({
    mutationFn: (c: TCampaign) => campaignsApi.create(siteId, duplicateOf(c, COPY_SUFFIX), { toast: false }),
    onSuccess: () => {
      notifySuccess(t('campaigns.duplicated'));
      void queryClient.invalidateQueries({ queryKey: campaignKeys.list(siteId) });
    },
    onError: (error) => notifyError(error instanceof ApiError ? error.message : t('campaigns.loadFailed')),
  });
  const remove = useMutation({
    mutationFn: (id: string) => campaignsApi.remove(id, { toast: false }),
    onSuccess: ({ message }) => {
      notifySuccess(message ?? t('campaigns.delete.confirm'));
      void queryClient.invalidateQueries({ queryKey: campaignKeys.list(siteId) });
      setDeleting(null);
    },
    onError: (error) => notifyError(error instanceof ApiError ? error.message : t('campaigns.loadFailed')),
  });

  const createButton = (
    <WriteButton
      locked={write.locked}
      reason={write.reason}
      leftSection={<IconPlus size={18} stroke={1.8} />}
      onClick={onCreate}
      data-testid="campaign-create"
    >
      {t('campaigns.create')}
    </WriteButton>
  );

  const actions = (c: TCampaign) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={write.locked ? t('campaigns.actions.view') : t('campaigns.actions.edit')} withArrow>
        <ActionIcon
          variant="subtle"
          aria-label={`${write.locked ? t('campaigns.actions.view') : t('campaigns.actions.edit')}: ${nameOf(c)}`}
          onClick={() => onEdit(c.id)}
          data-testid="campaign-edit"
        >
          {write.locked ? <IconEye size={18} /> : <IconPencil size={18} />}
        </ActionIcon>
      </Tooltip>
      <WriteIcon
        locked={write.locked}
        reason={write.reason}
        label={`${t('campaigns.actions.duplicate')}: ${nameOf(c)}`}
        variant="subtle"
        loading={duplicate.isPending && duplicate.variables?.id === c.id}
        onClick={() => duplicate.mutate(c)}
        data-testid="campaign-duplicate"
      >
        <IconCopy size={18} />
      </WriteIcon>
      <WriteIcon
        locked={write.locked}
        reason={write.reason}
        label={`${t('campaigns.actions.delete')}: ${nameOf(c)}`}
        variant="subtle"
        color="red"
        onClick={() => setDeleting(c)}
        data-testid="campaign-delete"
      >
        <IconTrash size={18} />
      </WriteIcon>
    </Group>
  );

  const dates = (c: TCampaign) =>
    `${formatShortDate(c.startDate, lang)} – ${formatShortDate(c.endDate, lang)}`;
  const badge = (c: TCampaign) => {
    const status = campaignStatus(c, today);
    return (
      // Dark text on the light tint (the coloured dot tells the state): readable at 11 px (axe contrast).
      <Badge
        variant="light"
        color={STATUS_COLOURS[status]}
        c="gray.9"
        radius="sm"
        tt="none"
        fw={600}
        leftSection={<StatusDot color={STATUS_COLOURS[status]} />}
        style={{ flexShrink: 0 }}
        data-testid="campaign-status"
        data-status={status}
      >
        {t(`campaigns.status.${status}`)}
      </Badge>
    );
  };

  return (
    <Card p={0}>
      <Group justify="space-between" p="md" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Text fw={600} component="h2" m={0} fz="md" data-testid="campaigns-count">
          {list.data ? t('campaigns.count', { count: rows.length }) : '\u00a0'}
        </Text>
        {rows.length > 0 && createButton}
      </Group>
      {list.isPending ? (
        <Stack p="md" gap="sm" data-testid="campaigns-loading" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={44} radius="sm" />
          ))}
        </Stack>
      ) : list.isError ? (
        <Stack align="center" py={48} gap="xs" data-testid="campaigns-error">
          <Text c="dimmed">{t('campaigns.loadFailed')}</Text>
          <Button variant="light" onClick={() => void list.refetch()}>
            {t('campaigns.retry')}
          </Button>
        </Stack>
      ) : rows.length === 0 ? (
        <Stack align="center" py={56} px="md" gap="sm" data-testid="campaigns-empty">
          <IconSpeakerphone size={40} stroke={1.4} color="var(--mantine-color-gray-6)" aria-hidden />
          <Text fw={600}>{t('campaigns.empty.title')}</Text>
          <Text size="sm" c="dimmed" ta="center" maw={420}>
            {write.locked ? t('campaigns.empty.viewer') : t('campaigns.empty.body')}
          </Text>
          {!write.locked && createButton}
        </Stack>
      ) : phone ? (
        <Stack gap={0}>
          {rows.map((c) => (
            <Box
              key={c.id}
              p="md"
              style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
              data-testid="campaign-row"
            >
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <Stack gap={6} miw={0}>
                  <Text fw={600} className="break-anywhere" data-testid="campaign-row-name">
                    {nameOf(c)}
                  </Text>
                  {badge(c)}
                  <Text size="xs" c="dimmed">
                    {dates(c)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('campaigns.pages', { count: c.effectivePages.length })} ·{' '}
                    {t('campaigns.clicks', { count: c.totalClicks })}
                  </Text>
                </Stack>
                {actions(c)}
              </Group>
            </Box>
          ))}
        </Stack>
      ) : (
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('campaigns.columns.name')}</Table.Th>
              <Table.Th>{t('campaigns.columns.dates')}</Table.Th>
              <Table.Th>{t('campaigns.columns.status')}</Table.Th>
              <Table.Th ta="right">{t('campaigns.columns.pages')}</Table.Th>
              <Table.Th ta="right">{t('campaigns.columns.clicks')}</Table.Th>
              <Table.Th ta="right">{t('campaigns.columns.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((c) => (
              <Table.Tr key={c.id} data-testid="campaign-row">
                <Table.Td maw={320}>
                  <Text size="sm" fw={600} className="break-anywhere" data-testid="campaign-row-name">
                    {nameOf(c)}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{dates(c)}</Text>
                </Table.Td>
                <Table.Td>{badge(c)}</Table.Td>
                <Table.Td ta="right" data-testid="campaign-row-pages">
                  {formatCount(c.effectivePages.length, lang)}
                </Table.Td>
                <Table.Td ta="right" data-testid="campaign-row-clicks">
                  {formatCount(c.totalClicks, lang)}
                </Table.Td>
                <Table.Td>{actions(c)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ConfirmDeleteModal
        item={deleting}
        title={t('campaigns.delete.title')}
        intro={(c) => t('campaigns.delete.intro', { name: nameOf(c) })}
        consequences={(c) => [
          t('campaigns.delete.zones'),
          ...(c.totalClicks > 0 ? [t('campaigns.delete.clicks')] : []),
          t('campaigns.delete.irreversible'),
        ]}
        confirmLabel={t('campaigns.delete.confirm')}
        cancelLabel={t('campaigns.cancel')}
        pending={remove.isPending}
        onConfirm={(c) => remove.mutate(c.id)}
        onClose={() => setDeleting(null)}
        onItemChange={remove.reset}
        testId="delete-campaign"
      />
    </Card>
  );
}
