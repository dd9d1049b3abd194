import { Alert, Anchor, Box, Button, Card, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import type { TSystemNotification } from '@swipe/contracts/communications';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconExternalLink,
  IconEyeOff,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError, type TEnvelope } from '../../app/api-client';
import { ConfirmDeleteModal } from '../../app/confirm-delete-modal';
import { DetailLoading, DetailMissing } from '../../app/detail-states';
import { formatJstDateTime } from '../../app/format';
import { notifyError, notifySuccess } from '../../app/notify';
import { PageHeading } from '../../app/page-heading';
import { usePageTitle } from '../../app/use-page-title';
import { useShell } from '../../app/use-shell';
import { useWriteAccess } from '../../app/write-access';
import { WriteButton } from '../../app/write-control';
import { NoticeStatusBadge, useMinuteClock } from '../communications/notice-ui';
import { NotificationForm } from './notification-form';
import { notificationKeys } from './notification-keys';
import { draftOf, emptyDraft, managesNotifications, shownFrom, unpublishedInput } from './notification-rules';
import { useAudienceText, useNotificationPaths } from './system-notification-page';
import { notificationsApi } from './system-notifications-api';
import { useMarkReadOnOpen } from './use-mark-read';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** After a save or a delete: lists, the bell and the page's own entry follow. */
function useRefresh() {
  const queryClient = useQueryClient();
  return (saved?: TEnvelope<TSystemNotification>) => {
    if (saved) queryClient.setQueryData(notificationKeys.detail(saved.data.id), { data: saved.data });
    void queryClient.invalidateQueries({ queryKey: notificationKeys.lists });
    void queryClient.invalidateQueries({ queryKey: notificationKeys.show });
  };
}

function BackButton() {
  const { t } = useTranslation();
  const paths = useNotificationPaths();
  return (
    <Button
      component={Link}
      to={paths.list}
      variant="default"
      leftSection={<IconArrowLeft size={16} />}
      data-testid="notification-back"
    >
      {t('systemNotifications.detail.back')}
    </Button>
  );
}

/** /{prefix}/create-notification (MASTER): the form of a new notification. */
export function CreateNotificationPage() {
  const { t } = useTranslation();
  usePageTitle(t('systemNotifications.form.newTitle'));
  const { user } = useShell();
  const paths = useNotificationPaths();
  const navigate = useNavigate();
  const write = useWriteAccess();
  const refresh = useRefresh();
  if (!managesNotifications(user.actingRole)) return <Navigate to={paths.list} replace />;
  return (
    <Stack gap="lg" data-testid="create-notification-page">
      <PageHeading title={t('systemNotifications.form.newTitle')} actions={<BackButton />} />
      <NotificationForm
        initial={emptyDraft()}
        saved={null}
        write={write}
        onSubmit={(input) => notificationsApi.create(input, { toast: false })}
        onSaved={(answer) => {
          notifySuccess(answer.message ?? t('communications.form.saved'));
          refresh(answer);
          navigate(paths.detail(answer.data.id), { replace: true });
        }}
        onCancel={() => navigate(paths.list)}
      />
    </Stack>
  );
}

/**
 * /{prefix}/notification/:id: the notification (image, title, content, link, dates). A reader's
 * opening marks it read. MASTER also sees its status, audiences and readers, and edits it here
 * (?edit=1), unpublishes or deletes it.
 */
export function NotificationPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const { user } = useShell();
  const paths = useNotificationPaths();
  const navigate = useNavigate();
  const write = useWriteAccess();
  const refresh = useRefresh();
  const manage = managesNotifications(user.actingRole);
  const validId = UUID.test(id);
  const query = useQuery({
    queryKey: notificationKeys.detail(id),
    queryFn: ({ signal }) => notificationsApi.get(id, { signal, toast: false }),
    enabled: validId,
    retry: false,
  });
  const n = query.data?.data;
  useMarkReadOnOpen(n, validId && !manage);
  usePageTitle(n?.title ?? t('systemNotifications.title'));
  const editing = manage && params.has('edit') && n !== undefined;
  const missing =
    !validId ||
    (query.isError &&
      query.error instanceof ApiError &&
      (query.error.status === 404 || query.error.status === 400 || query.error.status === 403));

  let body: ReactNode;
  if (missing)
    body = (
      <DetailMissing
        testId="notification-missing"
        message={t('systemNotifications.detail.notFound')}
        backLabel={t('systemNotifications.detail.back')}
        onBack={() => navigate(paths.list)}
      />
    );
  else if (query.isError)
    body = (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="notification-error">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('systemNotifications.loadFailed')}</Text>
          <Button size="compact-sm" variant="light" onClick={() => void query.refetch()}>
            {t('systemNotifications.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  else if (!n) body = <DetailLoading testId="notification-loading" heights={[56, 260, 120]} />;
  else if (editing)
    body = (
      <>
        <PageHeading title={t('systemNotifications.form.editTitle')} actions={<BackButton />} />
        <NotificationForm
          initial={draftOf(n)}
          saved={n}
          write={write}
          onSubmit={(input) => notificationsApi.save(n.id, input, { toast: false })}
          onSaved={(answer) => {
            notifySuccess(answer.message ?? t('communications.form.saved'));
            refresh(answer);
            navigate(paths.detail(n.id), { replace: true });
          }}
          onCancel={() => navigate(paths.detail(n.id), { replace: true })}
        />
      </>
    );
  else body = <NotificationView n={n} manage={manage} onRefresh={refresh} />;

  return (
    <Stack gap="lg" data-testid="notification-page">
      {(missing || query.isError || !n) && (
        <PageHeading title={t('systemNotifications.title')} actions={<BackButton />} />
      )}
      {body}
    </Stack>
  );
}

function NotificationView({
  n,
  manage,
  onRefresh,
}: {
  n: TSystemNotification;
  manage: boolean;
  onRefresh: (saved?: TEnvelope<TSystemNotification>) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const paths = useNotificationPaths();
  const navigate = useNavigate();
  const write = useWriteAccess();
  const now = useMinuteClock();
  const audiences = useAudienceText();
  const [deleting, setDeleting] = useState<TSystemNotification | null>(null);
  const failed = (error: unknown) =>
    notifyError(error instanceof ApiError ? error.message : t('systemNotifications.loadFailed'));

  const unpublish = useMutation({
    mutationFn: () => notificationsApi.save(n.id, unpublishedInput(n), { toast: false }),
    onSuccess: (answer) => {
      notifySuccess(t('systemNotifications.detail.unpublished'));
      onRefresh(answer);
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: () => notificationsApi.remove(n.id, { toast: false }),
    onSuccess: ({ message }) => {
      notifySuccess(message ?? t('communications.delete.done'));
      setDeleting(null);
      onRefresh();
      navigate(paths.list, { replace: true });
    },
    onError: failed,
  });

  const start = n.visibleFrom ? formatJstDateTime(n.visibleFrom, lang) : t('systemNotifications.notStarted');
  const end = n.endAt ? formatJstDateTime(n.endAt, lang) : t('systemNotifications.noEnd');
  const showing = n.state === 'PUBLISHED' && n.status !== 'EXPIRED';

  const actions = (
    <>
      <BackButton />
      {manage && (
        <>
          <WriteButton
            locked={write.locked}
            reason={write.reason}
            variant="default"
            component={Link}
            to={paths.edit(n.id)}
            leftSection={<IconPencil size={16} />}
            data-testid="notification-edit"
          >
            {t('systemNotifications.detail.edit')}
          </WriteButton>
          {showing && (
            <WriteButton
              locked={write.locked}
              reason={write.reason}
              variant="light"
              color="orange"
              leftSection={<IconEyeOff size={16} />}
              loading={unpublish.isPending}
              onClick={() => unpublish.mutate()}
              data-testid="notification-unpublish"
            >
              {t('systemNotifications.detail.unpublish')}
            </WriteButton>
          )}
          <WriteButton
            locked={write.locked}
            reason={write.reason}
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => setDeleting(n)}
            data-testid="notification-delete"
          >
            {t('systemNotifications.detail.delete')}
          </WriteButton>
        </>
      )}
    </>
  );

  return (
    <>
      <PageHeading
        title={
          <Text
            component="h1"
            fz={{ base: 22, sm: 26 }}
            fw={650}
            m={0}
            lh={1.3}
            className="break-anywhere"
            data-testid="notification-heading"
          >
            {n.title}
          </Text>
        }
        subtitle={
          manage ? (
            t('systemNotifications.detail.period', { start, end })
          ) : (
            <span data-testid="notification-date">{formatJstDateTime(shownFrom(n), lang)}</span>
          )
        }
        actions={actions}
      />

      <Card p={{ base: 'md', sm: 'lg' }} data-testid="notification-body">
        <Stack gap="md">
          {n.imageUrl && (
            <Image
              src={n.imageUrl}
              alt=""
              radius="md"
              maw={560}
              mah={360}
              fit="contain"
              style={{ alignSelf: 'flex-start' }}
              data-testid="notification-image"
            />
          )}
          <Text
            style={{ whiteSpace: 'pre-wrap' }}
            className="break-anywhere"
            data-testid="notification-content"
          >
            {n.content}
          </Text>
          {n.linkUrl && (
            <Box>
              <Anchor
                href={n.linkUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="break-anywhere"
                data-testid="notification-link"
              >
                <Group gap={6} wrap="nowrap" component="span">
                  <IconExternalLink size={16} style={{ flexShrink: 0 }} aria-hidden />
                  <span>{n.linkUrl}</span>
                </Group>
              </Anchor>
            </Box>
          )}
        </Stack>
      </Card>

      {manage && (
        <Card p={{ base: 'md', sm: 'lg' }} data-testid="notification-facts">
          <SimpleGrid type="container" cols={{ base: 1, '520px': 2 }} spacing="md">
            <Fact label={t('systemNotifications.columns.status')}>
              <Box>
                <NoticeStatusBadge notice={n} now={now} />
              </Box>
            </Fact>
            <Fact label={t('systemNotifications.columns.audiences')}>
              <Text size="sm">{audiences(n)}</Text>
            </Fact>
            <Fact label={t('systemNotifications.columns.start')}>
              <Text size="sm">{start}</Text>
            </Fact>
            <Fact label={t('systemNotifications.columns.end')}>
              <Text size="sm">{end}</Text>
            </Fact>
            <Fact label={t('systemNotifications.columns.reads')}>
              <Text size="sm" data-testid="notification-read-count" data-count={n.readCount}>
                {t('systemNotifications.reads', { count: n.readCount })}
              </Text>
            </Fact>
            <Fact label={t('communications.detail.updated')}>
              <Text size="sm">{formatJstDateTime(n.updatedAt, lang)}</Text>
            </Fact>
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt="sm">
            {t('communications.form.timesJst')}
          </Text>
        </Card>
      )}

      <ConfirmDeleteModal
        item={deleting}
        title={t('systemNotifications.delete.title')}
        intro={(item) => t('systemNotifications.delete.intro', { title: item.title })}
        consequences={[
          t('systemNotifications.delete.receivers'),
          t('systemNotifications.delete.irreversible'),
        ]}
        confirmLabel={t('systemNotifications.delete.confirm')}
        cancelLabel={t('systemNotifications.cancel')}
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setDeleting(null)}
        onItemChange={remove.reset}
        testId="delete-notification"
      />
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={4} miw={0}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      {children}
    </Stack>
  );
}
