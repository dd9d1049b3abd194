import { Anchor, Box, Text } from '@mantine/core';
import { NOTICE_STATUSES, type TNoticeState } from '@swipe/contracts/communications';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatJstDateTime } from '../../app/format';
import { ListSelectFilter } from '../../app/list-controls';
import { StatusBadge } from '../../app/status-dot';
import type { TListState } from '../../app/use-list-query';
import { noticeDisplay, STATUS_COLORS, type TNoticeListQuery } from './notice-values';

// Small pieces the news, delivery and system-notification screens share: the status badge and
// filter, the image thumbnail, a row's title link, the site names.

/** The clock statuses are derived from, ticking each minute so an open page stays right. */
export function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function NoticeStatusBadge({
  notice,
  now,
}: {
  notice: { state: TNoticeState; visibleFrom: string | null; endAt: string | null };
  now: Date;
}) {
  const { t, i18n } = useTranslation();
  const { status, scheduledFrom } = noticeDisplay(notice, now);
  return scheduledFrom ? (
    <StatusBadge
      color={STATUS_COLORS.SCHEDULED}
      textColor="gray.9"
      label={t('communications.status.scheduled', { date: formatJstDateTime(scheduledFrom, i18n.language) })}
      status="SCHEDULED"
      testId="notice-status"
    />
  ) : (
    <StatusBadge
      color={STATUS_COLORS[status]}
      textColor="gray.9"
      label={t(`communications.status.${status}`)}
      status={status}
      testId="notice-status"
    />
  );
}

/** The item's image, small and square (a placeholder without one). */
export function NoticeThumb({ url, size = 44 }: { url: string | null; size?: number }) {
  const { t } = useTranslation();
  return (
    <Box
      w={size}
      h={size}
      style={{
        borderRadius: 6,
        overflow: 'hidden',
        flexShrink: 0,
        background: 'var(--mantine-color-gray-1)',
        display: 'grid',
        placeItems: 'center',
      }}
    >
      {url ? (
        <img src={url} alt="" width={size} height={size} style={{ objectFit: 'cover' }} loading="lazy" />
      ) : (
        <IconPhoto
          size={Math.round(size * 0.45)}
          color="var(--mantine-color-gray-6)"
          aria-label={t('communications.noImage')}
          role="img"
        />
      )}
    </Box>
  );
}

/** The first two sites' names, then how many more. */
export function SiteNames({ sites }: { sites: readonly { id: string; name: string }[] }) {
  const { t } = useTranslation();
  const shown = sites.slice(0, 2);
  const more = sites.length - shown.length;
  return (
    <Text size="sm" className="break-anywhere" data-testid="notice-sites">
      {shown.map((s) => s.name).join(', ')}
      {more > 0 && (
        <Text span size="xs" c="dimmed">
          {' '}
          {t('communications.moreSites', { count: more })}
        </Text>
      )}
    </Text>
  );
}

/** The list's status filter (all, draft, scheduled, published, expired, unpublished). */
export function NoticeStatusFilter({
  list,
  testId,
}: {
  list: Pick<TListState<TNoticeListQuery, unknown>, 'query' | 'update'>;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <ListSelectFilter
      label={t('communications.status.filter')}
      allLabel={t('communications.status.ALL')}
      value={list.query.status === 'ALL' ? undefined : list.query.status}
      options={NOTICE_STATUSES.map((s) => ({ value: s, label: t(`communications.status.${s}`) }))}
      onChange={(status) => list.update({ status: status ?? 'ALL' })}
      testId={testId}
    />
  );
}

/** A row's title, linking to its page. */
export function NoticeTitleLink(props: {
  to: string;
  title: string;
  testId: string;
  fw?: number;
  c?: string;
}) {
  return (
    <Anchor
      component={Link}
      to={props.to}
      fw={props.fw ?? 600}
      size="sm"
      c={props.c}
      className="break-anywhere"
      data-testid={props.testId}
    >
      {props.title}
    </Anchor>
  );
}
