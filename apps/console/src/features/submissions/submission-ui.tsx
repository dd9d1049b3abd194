import { Button, Group, ScrollArea, Stack, Text } from '@mantine/core';
import type { TMemberSummary } from '@swipe/contracts/submissions';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatJstDateTime } from '../../app/format';
import { StatusBadge } from '../../app/status-dot';
import type { TSubmissionListKind } from './submissions-api';

// Small pieces the member, contact and form lists share: the member status, dates in Japan time,
// a preview of the answers and the tabs between a site's lists.

/** The zone of the day filters and the CSV: what operators read dates in. */

export const MEMBER_STATUS_COLORS: Record<TMemberSummary['status'], string> = {
  ACTIVE: 'teal',
  PENDING: 'orange',
};

export function MemberStatusBadge({ status }: { status: TMemberSummary['status'] }) {
  const { t } = useTranslation();
  return (
    <StatusBadge
      color={MEMBER_STATUS_COLORS[status]}
      label={t(`submissions.status.${status}`)}
      status={status}
      testId="member-status"
    />
  );
}

/** An instant in Japan time, or the given text when there is none. */
export function JstTime({
  iso,
  empty,
  size = 'sm',
}: {
  iso: string | null;
  empty?: string;
  size?: 'sm' | 'xs';
}) {
  const { i18n } = useTranslation();
  if (!iso)
    return (
      <Text size={size} c="dimmed">
        {empty ?? '—'}
      </Text>
    );
  return (
    <Text size={size} style={{ whiteSpace: 'nowrap' }}>
      {formatJstDateTime(iso, i18n.language)}
    </Text>
  );
}

type TAnswer = { title: string; value: string };

/**
 * The first answers of a row as "title: value" lines (visitor text as plain text, one line each),
 * and how many more the detail holds. `skip` leaves out a value shown in its own column.
 */
export function AnswerPreview({ data, max = 2, skip }: { data: TAnswer[]; max?: number; skip?: string }) {
  const { t } = useTranslation();
  const shown = data.filter((a) => a.value !== '' && !(skip && a.value === skip));
  if (shown.length === 0)
    return (
      <Text size="xs" c="dimmed">
        {t('submissions.noAnswers')}
      </Text>
    );
  return (
    <Stack gap={2} miw={0} data-testid="answer-preview">
      {shown.slice(0, max).map((a, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: titles may repeat; the order is fixed
        <Text key={i} size="xs" lineClamp={1} className="break-anywhere" title={`${a.title}: ${a.value}`}>
          <Text span inherit c="dimmed" fw={600}>
            {a.title}
          </Text>
          {'  '}
          {a.value}
        </Text>
      ))}
      {shown.length > max && (
        <Text size="xs" c="dimmed">
          {t('submissions.moreAnswers', { count: shown.length - max })}
        </Text>
      )}
    </Stack>
  );
}

/** Where each list of a site lives, relative to the route prefix. */
export const SUBMISSION_TABS = [
  { kind: 'member', path: 'site-member' },
  { kind: 'contact', path: 'site-contact' },
  { kind: 'form', path: 'site-form' },
  { kind: 'survey', path: 'site-survey' },
] as const;

/** The site's visitor lists side by side, the current one marked; scrolls sideways on a phone. */
export function SubmissionTabs({
  prefix,
  siteId,
  current,
}: {
  prefix: string;
  siteId: string;
  current: TSubmissionListKind;
}) {
  const { t } = useTranslation();
  return (
    <ScrollArea type="never" offsetScrollbars={false}>
      <Group
        component="nav"
        aria-label={t('submissions.listsLabel')}
        gap={4}
        wrap="nowrap"
        pb={6}
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        {SUBMISSION_TABS.map((tab) => {
          const active = tab.kind === current;
          return (
            <Button
              key={tab.kind}
              component={Link}
              to={`/${prefix}/${tab.path}/${encodeURIComponent(siteId)}`}
              variant={active ? 'light' : 'subtle'}
              color={active ? 'brand' : 'gray'}
              size="compact-md"
              fw={active ? 650 : 500}
              style={{ flexShrink: 0 }}
              aria-current={active ? 'page' : undefined}
              data-testid={`tab-${tab.kind}`}
            >
              {t(`submissions.tabs.${tab.kind}`)}
            </Button>
          );
        })}
      </Group>
    </ScrollArea>
  );
}
