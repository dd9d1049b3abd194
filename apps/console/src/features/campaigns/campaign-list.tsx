import { ActionIcon, Badge, Group, Text, Tooltip } from '@mantine/core';
import type { TCampaign } from '@swipe/contracts/campaigns';
import type { TSiteLanguage } from '@swipe/contracts/sites';
import { IconCopy, IconEye, IconPencil, IconPlus, IconSpeakerphone, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/api-client';
import { ConfirmDeleteModal } from '../../app/confirm-delete-modal';
import { formatCount, formatShortDate, todayJst } from '../../app/format';
import { QueryList } from '../../app/list-page';
import type { TListColumn } from '../../app/list-rows';
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
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: campaignKeys.list(siteId),
    queryFn: ({ signal }) => campaignsApi.list(siteId, { signal }),
  });
  const [deleting, setDeleting] = useState<TCampaign | null>(null);
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

  const columns: TListColumn<TCampaign>[] = [
    {
      key: 'name',
      header: t('campaigns.columns.name'),
      cell: (c) => (
        <Text size="sm" fw={600} className="break-anywhere">
          {nameOf(c)}
        </Text>
      ),
      maw: 320,
      testId: 'campaign-row-name',
      card: 'title',
    },
    {
      key: 'dates',
      header: t('campaigns.columns.dates'),
      cell: (c) => <Text size="sm">{dates(c)}</Text>,
      cardCell: dates,
      nowrap: true,
      card: 'meta',
    },
    { key: 'status', header: t('campaigns.columns.status'), cell: badge, card: 'badge' },
    {
      key: 'pages',
      header: t('campaigns.columns.pages'),
      cell: (c) => formatCount(c.effectivePages.length, lang),
      align: 'right',
      testId: 'campaign-row-pages',
    },
    {
      key: 'clicks',
      header: t('campaigns.columns.clicks'),
      cell: (c) => formatCount(c.totalClicks, lang),
      align: 'right',
      testId: 'campaign-row-clicks',
    },
    {
      key: 'counts',
      header: t('campaigns.columns.clicks'),
      cell: (c) =>
        `${t('campaigns.pages', { count: c.effectivePages.length })} · ${t('campaigns.clicks', { count: c.totalClicks })}`,
      cardOnly: true,
      card: 'meta',
    },
    {
      key: 'actions',
      header: t('campaigns.columns.actions'),
      cell: actions,
      align: 'right',
      card: 'actions',
    },
  ];

  return (
    <QueryList
      result={list}
      rows={{ columns, rowKey: (c) => c.id, rowTestId: 'campaign-row' }}
      testId="campaigns"
      count={(count) => t('campaigns.count', { count })}
      action={createButton}
      loadFailed={t('campaigns.loadFailed')}
      retry={t('campaigns.retry')}
      empty={{
        icon: <IconSpeakerphone size={26} stroke={1.5} />,
        title: t('campaigns.empty.title'),
        body: write.locked ? t('campaigns.empty.viewer') : t('campaigns.empty.body'),
        action: write.locked ? undefined : createButton,
      }}
    >
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
    </QueryList>
  );
}
