import { Box, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { TSystemNotification } from '@swipe/contracts/communications';
import { IconBell, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCount, formatJstDateTime } from '../../app/format';
import { ListPage } from '../../app/list-page';
import type { TListRowsDef } from '../../app/list-rows';
import { PageHeading } from '../../app/page-heading';
import { StatusDot } from '../../app/status-dot';
import { type TListState, useListQuery } from '../../app/use-list-query';
import { usePageTitle } from '../../app/use-page-title';
import { useShell } from '../../app/use-shell';
import { useWriteAccess } from '../../app/write-access';
import { WriteButton } from '../../app/write-control';
import {
  NoticeStatusBadge,
  NoticeStatusFilter,
  NoticeThumb,
  NoticeTitleLink,
  useMinuteClock,
} from '../communications/notice-ui';
import { noticeListQuery, type TNoticeListQuery } from '../communications/notice-values';
import { notificationKeys } from './notification-keys';
import { managesNotifications, shownFrom } from './notification-rules';
import { notificationsApi } from './system-notifications-api';

/** The audiences in words: OEM master, OEM admin, OEM user, master user. */
export function useAudienceText() {
  const { t } = useTranslation();
  return (n: Pick<TSystemNotification, 'audiences'>) =>
    n.audiences.map((a) => t(`systemNotifications.audience.${a}`)).join(', ');
}

/** Paths of the system-notification pages under the user's prefix. */
export function useNotificationPaths() {
  const { prefix } = useShell();
  return {
    list: `/${prefix}/system-notification`,
    create: `/${prefix}/create-notification`,
    detail: (id: string) => `/${prefix}/notification/${encodeURIComponent(id)}`,
    edit: (id: string) => `/${prefix}/notification/${encodeURIComponent(id)}?edit=1`,
  };
}

/**
 * /{prefix}/system-notification: for MASTER, every notification with its status, audiences,
 * period and how many opened it (search, status filter, paging, "New notification"); for every
 * other operator, the notifications addressed to them, the unread ones marked.
 */
export function SystemNotificationPage() {
  const { t } = useTranslation();
  usePageTitle(t('systemNotifications.title'));
  const { user } = useShell();
  const manage = managesNotifications(user.actingRole);
  const list = useListQuery(noticeListQuery, {
    queryKey: (query) => notificationKeys.list({ ...query, manage }),
    queryFn: (query, signal) => notificationsApi.list(query, { signal }),
  });
  return (
    <Stack gap="lg" data-testid="system-notification-page">
      {manage ? <ManageList list={list} /> : <InboxList list={list} />}
    </Stack>
  );
}

type TList = TListState<TNoticeListQuery, TSystemNotification>;

function ManageList({ list }: { list: TList }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const write = useWriteAccess();
  const paths = useNotificationPaths();
  const now = useMinuteClock();
  const audiences = useAudienceText();

  const createButton = (empty?: boolean) => (
    <WriteButton
      locked={write.locked}
      reason={write.reason}
      mt={empty ? 'xs' : undefined}
      component={Link}
      to={paths.create}
      leftSection={<IconPlus size={18} stroke={1.8} />}
      data-testid={empty ? 'empty-create' : 'notification-create'}
    >
      {t('systemNotifications.create')}
    </WriteButton>
  );
  const title = (n: TSystemNotification) => (
    <NoticeTitleLink to={paths.detail(n.id)} title={n.title} testId="notification-title" />
  );
  const start = (n: TSystemNotification) =>
    n.visibleFrom ? formatJstDateTime(n.visibleFrom, lang) : t('systemNotifications.notStarted');
  const end = (n: TSystemNotification) =>
    n.endAt ? formatJstDateTime(n.endAt, lang) : t('systemNotifications.noEnd');
  const reads = (n: TSystemNotification) => t('systemNotifications.reads', { count: n.readCount });
  const manageRows: TListRowsDef<TSystemNotification> = {
    columns: [
      {
        key: 'image',
        header: t('communications.columns.image'),
        cell: (n) => <NoticeThumb url={n.imageUrl} />,
        cardCell: (n) => <NoticeThumb url={n.imageUrl} size={52} />,
        w: 68,
        card: 'lead',
      },
      {
        key: 'title',
        header: t('systemNotifications.columns.title'),
        cell: title,
        miw: 160,
        maw: 300,
        card: 'title',
      },
      {
        key: 'audiences',
        header: t('systemNotifications.columns.audiences'),
        cell: (n) => <Text size="sm">{audiences(n)}</Text>,
        cardCell: audiences,
        miw: 120,
        maw: 220,
        card: 'meta',
      },
      {
        key: 'status',
        header: t('systemNotifications.columns.status'),
        cell: (n) => <NoticeStatusBadge notice={n} now={now} />,
        card: 'badge',
      },
      {
        key: 'start',
        header: t('systemNotifications.columns.start'),
        cell: (n) => <Text size="sm">{start(n)}</Text>,
        nowrap: true,
      },
      {
        key: 'end',
        header: t('systemNotifications.columns.end'),
        cell: (n) => <Text size="sm">{end(n)}</Text>,
        nowrap: true,
      },
      {
        key: 'period',
        header: t('systemNotifications.columns.start'),
        cell: (n) => t('systemNotifications.detail.period', { start: start(n), end: end(n) }),
        cardOnly: true,
        card: 'meta',
      },
      {
        key: 'reads',
        header: t('systemNotifications.columns.reads'),
        cell: (n) => <Text size="sm">{formatCount(n.readCount, lang)}</Text>,
        cardCell: (n) => `${t('systemNotifications.columns.reads')}: ${reads(n)}`,
        align: 'right',
        nowrap: true,
        testId: 'notification-reads',
        card: 'meta',
      },
    ],
    rowKey: (n) => n.id,
    rowTestId: 'notification-row',
    rowAttrs: (n) => ({ 'data-title': n.title }),
    rowHref: (n) => paths.detail(n.id),
    cardLink: false,
    scrollMinWidth: 900,
  };

  return (
    <>
      <PageHeading
        title={t('systemNotifications.title')}
        subtitle={t('systemNotifications.subtitleManage')}
        actions={createButton()}
      />
      <ListPage
        list={list}
        testId="notification"
        searchPlaceholder={t('systemNotifications.searchPlaceholder')}
        filters={<NoticeStatusFilter list={list} testId="notification-filter-status" />}
        filterNote={t('communications.form.timesJst')}
        rows={manageRows}
        empty={{
          icon: <IconBell size={26} stroke={1.5} />,
          title: t('systemNotifications.empty.manageTitle'),
          body: t('systemNotifications.empty.manageBody'),
          action: !write.locked && createButton(true),
        }}
      />
    </>
  );
}

/** The unread mark: a dot for the eye, a word for screen readers. */
function UnreadMark({ read }: { read: boolean }) {
  const { t } = useTranslation();
  return (
    <Box w={8} pt={7} style={{ flexShrink: 0 }} data-testid={read ? undefined : 'notification-unread'}>
      {!read && (
        <>
          <StatusDot color="red" />
          <VisuallyHidden>{t('systemNotifications.unread')}</VisuallyHidden>
        </>
      )}
    </Box>
  );
}

function InboxList({ list }: { list: TList }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const paths = useNotificationPaths();

  const title = (n: TSystemNotification) => (
    <NoticeTitleLink
      to={paths.detail(n.id)}
      title={n.title}
      testId="notification-title"
      fw={n.read ? 500 : 700}
      c={n.read ? 'dark.6' : undefined}
    />
  );
  const date = (n: TSystemNotification) => formatJstDateTime(shownFrom(n), lang);
  const inboxRows: TListRowsDef<TSystemNotification> = {
    columns: [
      {
        key: 'unread',
        header: t('systemNotifications.unread'),
        cell: (n) => <UnreadMark read={n.read} />,
        cardOnly: true,
        card: 'lead',
      },
      {
        key: 'title',
        header: t('systemNotifications.columns.title'),
        cell: (n) => (
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <UnreadMark read={n.read} />
            <NoticeThumb url={n.imageUrl} size={40} />
            <Stack gap={2} miw={0}>
              {title(n)}
              <Text size="xs" c="dimmed" lineClamp={1} className="break-anywhere">
                {n.content}
              </Text>
            </Stack>
          </Group>
        ),
        cardCell: title,
        card: 'title',
      },
      {
        key: 'content',
        header: t('systemNotifications.columns.title'),
        cell: (n) => (
          <Text inherit lineClamp={2}>
            {n.content}
          </Text>
        ),
        cardOnly: true,
        card: 'meta',
      },
      {
        key: 'date',
        header: t('systemNotifications.columns.date'),
        cell: (n) => <Text size="sm">{date(n)}</Text>,
        cardCell: date,
        w: 200,
        nowrap: true,
        card: 'meta',
      },
    ],
    rowKey: (n) => n.id,
    rowTestId: 'notification-row',
    rowAttrs: (n) => ({ 'data-title': n.title, 'data-read': n.read }),
    rowHref: (n) => paths.detail(n.id),
    cardLink: false,
    scrollMinWidth: 640,
  };

  return (
    <>
      <PageHeading title={t('systemNotifications.title')} subtitle={t('systemNotifications.subtitleInbox')} />
      <ListPage
        list={list}
        testId="notification"
        searchPlaceholder={t('systemNotifications.searchPlaceholder')}
        rows={inboxRows}
        empty={{
          icon: <IconBell size={26} stroke={1.5} />,
          title: t('systemNotifications.empty.inboxTitle'),
          body: t('systemNotifications.empty.inboxBody'),
        }}
      />
    </>
  );
}
