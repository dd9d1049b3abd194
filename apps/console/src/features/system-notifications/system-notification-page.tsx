import { Box, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { TSystemNotification } from '@swipe/contracts/communications';
import { IconBell, IconPlus } from '@tabler/icons-react';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatCount, formatJstDateTime } from '../../app/format';
import { ListCards, ListPage, ListTable } from '../../app/list-page';
import { PageHeading } from '../../app/page-heading';
import { StatusDot } from '../../app/status-dot';
import { type TListState, useListQuery } from '../../app/use-list-query';
import { usePageTitle } from '../../app/use-page-title';
import { useShell } from '../../app/use-shell';
import { useWriteAccess } from '../../app/write-access';
import { WriteButton } from '../../app/write-control';
import {
  NoticeCard,
  NoticeLeadCells,
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

/** A table row that opens its notification on a click anywhere but on its own links and buttons. */
function NotificationRow(props: { n: TSystemNotification; read?: boolean; children: ReactNode }) {
  const paths = useNotificationPaths();
  const navigate = useNavigate();
  const open = (e: MouseEvent) => {
    if ((e.target as HTMLElement).closest('a,button,input,select')) return;
    navigate(paths.detail(props.n.id));
  };
  return (
    <Table.Tr
      data-testid="notification-row"
      data-title={props.n.title}
      data-read={props.read}
      style={{ cursor: 'pointer' }}
      onClick={open}
    >
      {props.children}
    </Table.Tr>
  );
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
        table={(rows) => (
          <ListTable
            minWidth={900}
            head={
              <>
                <Table.Th w={68}>{t('communications.columns.image')}</Table.Th>
                <Table.Th>{t('systemNotifications.columns.title')}</Table.Th>
                <Table.Th>{t('systemNotifications.columns.audiences')}</Table.Th>
                <Table.Th>{t('systemNotifications.columns.status')}</Table.Th>
                <Table.Th>{t('systemNotifications.columns.start')}</Table.Th>
                <Table.Th>{t('systemNotifications.columns.end')}</Table.Th>
                <Table.Th ta="right">{t('systemNotifications.columns.reads')}</Table.Th>
              </>
            }
          >
            {rows.map((n) => (
              <NotificationRow key={n.id} n={n}>
                <NoticeLeadCells row={n} title={title(n)} />
                <Table.Td miw={120} maw={220}>
                  <Text size="sm">{audiences(n)}</Text>
                </Table.Td>
                <Table.Td>
                  <NoticeStatusBadge notice={n} now={now} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{start(n)}</Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{end(n)}</Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="notification-reads">
                  <Text size="sm">{formatCount(n.readCount, lang)}</Text>
                </Table.Td>
              </NotificationRow>
            ))}
          </ListTable>
        )}
        cards={(rows) => (
          <ListCards>
            {rows.map((n) => (
              <NoticeCard key={n.id} row={n} title={title(n)} now={now} testId="notification-row">
                <Text size="xs">{audiences(n)}</Text>
                <Text size="xs" c="dimmed">
                  {t('systemNotifications.detail.period', { start: start(n), end: end(n) })}
                </Text>
                <Text size="xs" c="dimmed" data-testid="notification-reads">
                  {`${t('systemNotifications.columns.reads')}: ${reads(n)}`}
                </Text>
              </NoticeCard>
            ))}
          </ListCards>
        )}
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

  return (
    <>
      <PageHeading title={t('systemNotifications.title')} subtitle={t('systemNotifications.subtitleInbox')} />
      <ListPage
        list={list}
        testId="notification"
        searchPlaceholder={t('systemNotifications.searchPlaceholder')}
        table={(rows) => (
          <ListTable
            minWidth={640}
            head={
              <>
                <Table.Th>{t('systemNotifications.columns.title')}</Table.Th>
                <Table.Th>{t('systemNotifications.columns.date')}</Table.Th>
              </>
            }
          >
            {rows.map((n) => (
              <NotificationRow key={n.id} n={n} read={n.read}>
                <Table.Td>
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
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }} w={200}>
                  <Text size="sm">{date(n)}</Text>
                </Table.Td>
              </NotificationRow>
            ))}
          </ListTable>
        )}
        cards={(rows) => (
          <ListCards>
            {rows.map((n) => (
              <Box key={n.id} p="md" data-testid="notification-row" data-title={n.title} data-read={n.read}>
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <UnreadMark read={n.read} />
                  <Stack gap={4} miw={0} style={{ flex: 1 }}>
                    {title(n)}
                    <Text size="xs" c="dimmed" lineClamp={2} className="break-anywhere">
                      {n.content}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {date(n)}
                    </Text>
                  </Stack>
                </Group>
              </Box>
            ))}
          </ListCards>
        )}
        empty={{
          icon: <IconBell size={26} stroke={1.5} />,
          title: t('systemNotifications.empty.inboxTitle'),
          body: t('systemNotifications.empty.inboxBody'),
        }}
      />
    </>
  );
}
