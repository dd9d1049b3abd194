import { Anchor, Box, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { TDelivery, TNews } from '@swipe/contracts/communications';
import { IconArrowLeft, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatJstDateTime } from '../../app/format';
import { WriteButton } from '../../app/write-control';
import { NoticeDeleteModal, type TNoticeKind, type TNoticePaths, useNoticeDelete } from './notice-list';
import { NoticeStatusBadge, useMinuteClock } from './notice-ui';

// The read-only view of one item, with Edit and Delete (both locked for view authority).

type TLock = { locked: boolean; reason: string };

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed" fw={500} component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0} className="break-anywhere" data-testid={testId}>
        {children}
      </Text>
    </Stack>
  );
}

export function NoticeDetail({
  kind,
  notice,
  paths,
  listPath,
  write,
  remove,
  onDeleted,
}: {
  kind: TNoticeKind;
  notice: TNews | TDelivery;
  paths: TNoticePaths;
  listPath: string;
  write: TLock;
  remove: (id: string) => Promise<{ message?: string }>;
  onDeleted: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const now = useMinuteClock();
  const del = useNoticeDelete(kind, remove);
  const publicationKey = kind === 'news' ? 'newsPublication' : 'deliveryPublication';
  const from = notice.publication === 'SCHEDULED' ? notice.startAt : notice.visibleFrom;
  const none = t('communications.detail.none');

  return (
    <Stack gap="lg" data-testid="notice-detail">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Button
          component={Link}
          to={listPath}
          variant="subtle"
          size="compact-md"
          leftSection={<IconArrowLeft size={16} />}
          data-testid="notice-back"
        >
          {t(kind === 'news' ? 'communications.news.backToList' : 'communications.delivery.backToList')}
        </Button>
        <Group gap="xs">
          <WriteButton
            locked={write.locked}
            reason={write.reason}
            variant="light"
            color="red"
            leftSection={<IconTrash size={18} />}
            onClick={() => del.setDeleting(notice)}
            data-testid="notice-detail-delete"
          >
            {t('communications.actions.delete')}
          </WriteButton>
          <WriteButton
            locked={write.locked}
            reason={write.reason}
            component={Link}
            to={paths.edit(notice.id)}
            leftSection={<IconPencil size={18} />}
            data-testid="notice-detail-edit"
          >
            {t('communications.actions.edit')}
          </WriteButton>
        </Group>
      </Group>

      <Card p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Box>
            <NoticeStatusBadge notice={notice} now={now} />
          </Box>
          <Text
            component="h2"
            fz="xl"
            fw={650}
            m={0}
            className="break-anywhere"
            data-testid="notice-detail-title"
          >
            {notice.title}
          </Text>
          {notice.imageUrl && (
            <Box maw={360}>
              <img
                src={notice.imageUrl}
                alt=""
                style={{ width: '100%', height: 'auto', borderRadius: 8, display: 'block' }}
              />
            </Box>
          )}
          <Text
            style={{ whiteSpace: 'pre-wrap' }}
            className="break-anywhere"
            data-testid="notice-detail-content"
          >
            {notice.content}
          </Text>
          {notice.linkUrl && (
            <Anchor
              href={notice.linkUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="break-anywhere"
            >
              {notice.linkUrl}
            </Anchor>
          )}
        </Stack>
      </Card>

      <Card p={{ base: 'md', sm: 'lg' }}>
        <SimpleGrid component="dl" m={0} type="container" cols={{ base: 1, '520px': 2 }} spacing="md">
          <Field label={t('communications.form.postedDate')} testId="notice-detail-posted">
            {formatDate(notice.postedDate, lang)}
          </Field>
          <Field label={t('communications.detail.publication')}>
            {t(`communications.form.${publicationKey}.${notice.publication}`)}
          </Field>
          <Field label={t('communications.detail.period')}>
            {[
              from ? t('communications.detail.from', { date: formatJstDateTime(from, lang) }) : null,
              notice.endAt
                ? t('communications.detail.until', { date: formatJstDateTime(notice.endAt, lang) })
                : t('communications.detail.always'),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Field>
          <Field label={t('communications.form.languages')}>
            {notice.languages.length > 0
              ? notice.languages.map((l) => t(`sites.languages.${l}`)).join(', ')
              : t('communications.detail.languagesAll')}
          </Field>
          {'sites' in notice ? (
            <Field label={t('communications.form.sites')} testId="notice-detail-sites">
              {notice.sites.map((s) => s.name).join(', ') || none}
            </Field>
          ) : (
            <Field label={t('communications.detail.deliveredAt')}>
              {notice.deliveredAt
                ? formatJstDateTime(notice.deliveredAt, lang)
                : t('communications.delivery.notDelivered')}
            </Field>
          )}
          <Field label={t('communications.detail.author')}>{notice.author?.name ?? none}</Field>
          <Field label={t('communications.detail.updated')}>
            {formatJstDateTime(notice.updatedAt, lang)}
          </Field>
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt="md">
          {t('communications.form.timesJst')}
        </Text>
      </Card>

      <NoticeDeleteModal kind={kind} del={del} onDone={onDeleted} />
    </Stack>
  );
}
