import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import type { TDelivery, TNews } from '@swipe/contracts/communications';
import { IconBell, IconEye, IconNews, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../app/api-client';
import { ConfirmDeleteModal } from '../../app/confirm-delete-modal';
import { formatJstDateTime, formatShortDate } from '../../app/format';
import { ListPage } from '../../app/list-page';
import type { TListRowsDef } from '../../app/list-rows';
import { notifyError, notifySuccess } from '../../app/notify';
import type { TListState } from '../../app/use-list-query';
import { WriteButton, WriteIcon } from '../../app/write-control';
import { noticeKeys } from './communications-api';
import {
  NoticeStatusBadge,
  NoticeStatusFilter,
  NoticeThumb,
  NoticeTitleLink,
  SiteNames,
  useMinuteClock,
} from './notice-ui';
import { deliveryTime, type TNoticeListQuery } from './notice-values';

// The list both features show: status filter, search, paging (the shared list page), a row per
// item with its image, title, sites (news) or delivery time (deliveries), posted date and status,
// and view, edit and delete (confirmed).

export type TNoticeKind = 'news' | 'delivery';
type TRow = TNews | TDelivery;
type TLock = { locked: boolean; reason: string };

export type TNoticePaths = {
  create: string;
  detail: (id: string) => string;
  edit: (id: string) => string;
};

const isNews = (row: TRow): row is TNews => 'siteIds' in row;

/** The delivery time cell's text. */
function DeliveryTime({ row }: { row: TDelivery }) {
  const { t, i18n } = useTranslation();
  const time = deliveryTime(row);
  if (time.kind === 'onPublish')
    return (
      <Text size="sm" c="dimmed">
        {t('communications.delivery.onPublish')}
      </Text>
    );
  const date = formatJstDateTime(time.iso, i18n.language);
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="notice-delivery-time">
      {time.kind === 'delivered'
        ? t('communications.delivery.delivered', { date })
        : t('communications.delivery.at', { date })}
    </Text>
  );
}

/** "New information" / "New notification", locked for view authority. */
export function NoticeCreateButton(props: {
  kind: TNoticeKind;
  to: string;
  write: TLock;
  mt?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <WriteButton
      locked={props.write.locked}
      reason={props.write.reason}
      mt={props.mt}
      component={Link}
      to={props.to}
      leftSection={<IconPlus size={18} stroke={1.8} />}
      data-testid={props.testId}
    >
      {t(props.kind === 'news' ? 'communications.news.create' : 'communications.delivery.create')}
    </WriteButton>
  );
}

/** A hook for a delete from a list or a detail page: the modal's state and the mutation. */
export function useNoticeDelete(kind: TNoticeKind, remove: (id: string) => Promise<{ message?: string }>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<TRow | null>(null);
  const mutation = useMutation({
    mutationFn: (id: string) => remove(id),
    onError: (error) =>
      notifyError(error instanceof ApiError ? error.message : t('communications.loadFailed')),
  });
  const confirm = (row: TRow, onDone?: () => void) =>
    mutation.mutate(row.id, {
      onSuccess: ({ message }) => {
        notifySuccess(message ?? t('communications.delete.done'));
        const base = kind === 'news' ? noticeKeys.news : noticeKeys.deliveries;
        queryClient.removeQueries({ queryKey: [...base, 'detail', row.id] });
        void queryClient.invalidateQueries({ queryKey: [...base, 'list'] });
        setDeleting(null);
        onDone?.();
      },
    });
  return { deleting, setDeleting, confirm, mutation };
}

/** The confirmation of a delete. */
export function NoticeDeleteModal({
  kind,
  del,
  onDone,
}: {
  kind: TNoticeKind;
  del: ReturnType<typeof useNoticeDelete>;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDeleteModal
      item={del.deleting}
      title={t('communications.delete.title')}
      intro={(row) => t('communications.delete.intro', { title: row.title })}
      consequences={[
        t(kind === 'news' ? 'communications.delete.newsGone' : 'communications.delete.deliveryGone'),
        t('communications.delete.irreversible'),
      ]}
      confirmLabel={t('communications.delete.confirm')}
      cancelLabel={t('communications.delete.cancel')}
      pending={del.mutation.isPending}
      onConfirm={(row) => del.confirm(row, onDone)}
      onClose={() => del.setDeleting(null)}
      onItemChange={del.mutation.reset}
      testId="delete-notice"
    />
  );
}

export function NoticeList<Row extends TRow>({
  kind,
  list,
  paths,
  write,
  remove,
}: {
  kind: TNoticeKind;
  list: TListState<TNoticeListQuery, Row>;
  paths: TNoticePaths;
  write: TLock;
  remove: (id: string) => Promise<{ message?: string }>;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const now = useMinuteClock();
  const del = useNoticeDelete(kind, remove);
  const texts = kind === 'news' ? 'communications.news' : 'communications.delivery';

  const actions = (row: Row) => (
    <Group gap={2} wrap="nowrap" justify="flex-end">
      <Tooltip label={t('communications.actions.view')} withArrow>
        <ActionIcon
          variant="subtle"
          color="gray"
          size={30}
          component={Link}
          to={paths.detail(row.id)}
          aria-label={`${t('communications.actions.view')}: ${row.title}`}
          data-testid="notice-view"
        >
          <IconEye size={18} stroke={1.7} />
        </ActionIcon>
      </Tooltip>
      <WriteIcon
        locked={write.locked}
        reason={write.reason}
        label={`${t('communications.actions.edit')}: ${row.title}`}
        variant="subtle"
        color="gray"
        size={30}
        component={Link}
        to={paths.edit(row.id)}
        data-testid="notice-edit"
      >
        <IconPencil size={18} stroke={1.7} />
      </WriteIcon>
      <WriteIcon
        locked={write.locked}
        reason={write.reason}
        label={`${t('communications.actions.delete')}: ${row.title}`}
        variant="subtle"
        color="red"
        size={30}
        onClick={() => del.setDeleting(row)}
        data-testid="notice-delete"
      >
        <IconTrash size={18} stroke={1.7} />
      </WriteIcon>
    </Group>
  );

  const title = (row: Row) => (
    <NoticeTitleLink to={paths.detail(row.id)} title={row.title} testId="notice-title" />
  );
  const where = (row: Row) => (isNews(row) ? <SiteNames sites={row.sites} /> : <DeliveryTime row={row} />);
  const posted = (row: Row) => formatShortDate(row.postedDate, lang);
  const noticeRows: TListRowsDef<Row> = {
    columns: [
      {
        key: 'image',
        header: t('communications.columns.image'),
        cell: (row) => <NoticeThumb url={row.imageUrl} />,
        cardCell: (row) => <NoticeThumb url={row.imageUrl} size={52} />,
        w: 68,
        card: 'lead',
      },
      {
        key: 'title',
        header: t('communications.columns.title'),
        cell: title,
        miw: 160,
        maw: 300,
        card: 'title',
      },
      {
        key: 'where',
        header:
          kind === 'news' ? t('communications.columns.sites') : t('communications.columns.deliveryTime'),
        cell: where,
        miw: 140,
        maw: 260,
        card: 'meta',
      },
      {
        key: 'posted',
        header: t('communications.columns.postedDate'),
        cell: (row) => <Text size="sm">{posted(row)}</Text>,
        cardCell: (row) => t('communications.postedOn', { date: posted(row) }),
        nowrap: true,
        card: 'meta',
      },
      {
        key: 'status',
        header: t('communications.columns.status'),
        cell: (row) => <NoticeStatusBadge notice={row} now={now} />,
        card: 'badge',
      },
      {
        key: 'actions',
        header: t('communications.columns.actions'),
        cell: actions,
        align: 'right',
        card: 'actions',
      },
    ],
    rowKey: (row) => row.id,
    rowTestId: 'notice-row',
    rowAttrs: (row) => ({ 'data-title': row.title }),
    scrollMinWidth: 820,
    cardActionsBelow: true,
  };

  return (
    <>
      <ListPage
        list={list}
        testId="notice"
        searchPlaceholder={t(`${texts}.searchPlaceholder`)}
        filters={<NoticeStatusFilter list={list} testId="notice-filter-status" />}
        rows={noticeRows}
        empty={{
          icon: kind === 'news' ? <IconNews size={26} stroke={1.5} /> : <IconBell size={26} stroke={1.5} />,
          title: t(`${texts}.emptyTitle`),
          body: t(write.locked ? `${texts}.emptyBodyViewer` : `${texts}.emptyBody`),
          action: !write.locked && (
            <NoticeCreateButton kind={kind} to={paths.create} write={write} mt="xs" testId="empty-create" />
          ),
        }}
      />
      <NoticeDeleteModal kind={kind} del={del} />
    </>
  );
}
