import {
  Alert,
  Anchor,
  Badge,
  Button,
  Drawer,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Textarea,
  ThemeIcon,
} from '@mantine/core';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { translate } from '@swipe/contracts/messages';
import {
  PREVIEW_COMMENT_MAX,
  type TCommentAuthor,
  type TPreviewComment,
} from '@swipe/contracts/preview-comments';
import type { TSiteLanguage } from '@swipe/contracts/sites';
import { IconAlertCircle, IconCheck, IconMessageCircle, IconRefresh, IconSend } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, type TEnvelope } from '../../app/api-client';
import { formatJstDateTime } from '../../app/format';
import { notifyError, notifySuccess } from '../../app/notify';
import { SharePreviewButton } from '../preview-share/share-preview';
import classes from './comments.module.css';
import { commentKeys, commentsApi } from './comments-api';
import { COMMENT_FILTERS, filterThreads, isOpen, openCount, withThread } from './comments-model';
import { commentsUi, useComments, useCommentsUi } from './comments-state';

// "Comments" in the site editor's header: the count of open review comments, and a drawer with
// every thread (its number, page and language, text, author, time in JST, replies), filtered
// Open / Resolved / All. Whoever may edit the site replies, resolves and reopens; whoever may
// only look reads. The editor's canvas shows the same threads as pins (comment-pins.tsx).

export type TCommentsButtonProps = {
  siteId: string;
  siteName: string;
  readOnly: boolean;
  /** Selects a language tab and page in the editor; false when the draft has no such page. */
  onShowPage: (lang: TSiteLanguage, page: string) => boolean;
};

const all = (list: TPreviewComment[]) => list;

export function CommentsButton(props: TCommentsButtonProps) {
  const { t } = useTranslation();
  const opened = useCommentsUi((s) => s.opened);
  const returnFocus = useCommentsUi((s) => s.returnFocus);
  // The drawer's state belongs to this editor: a new one starts closed, showing open threads.
  useEffect(() => {
    commentsUi.reset();
    return commentsUi.reset;
  }, []);
  const count = useComments(props.siteId, openCount, false).data ?? 0;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconMessageCircle size={18} />}
        rightSection={
          count > 0 ? (
            <Badge color="red.9" size="sm" circle={count < 10} data-testid="comments-count">
              {count}
            </Badge>
          ) : null
        }
        onClick={commentsUi.open}
        aria-label={count > 0 ? t('previewComments.buttonLabel', { count }) : undefined}
        data-testid="comments-open"
      >
        {t('previewComments.button')}
      </Button>
      <Drawer
        opened={opened}
        onClose={commentsUi.close}
        returnFocus={returnFocus}
        position="right"
        size="md"
        title={<Text fw={650}>{t('previewComments.title')}</Text>}
        closeButtonProps={{ 'aria-label': t('previewComments.close') }}
      >
        <DrawerBody {...props} />
      </Drawer>
    </>
  );
}

/** Mounted while the drawer is open: only then does it refresh the threads every 30 s. */
function DrawerBody({ siteId, siteName, readOnly, onShowPage }: TCommentsButtonProps) {
  const { t } = useTranslation();
  const filter = useCommentsUi((s) => s.filter);
  const focus = useCommentsUi((s) => s.focus);
  const list = useComments(siteId, all, true);

  // A pin asked for its thread: into view and focused once the drawer has slid in.
  useEffect(() => {
    if (!focus || !list.data) return;
    const timer = setTimeout(() => {
      const el = document.querySelector<HTMLElement>(`[data-thread="${CSS.escape(focus.id)}"]`);
      el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      el?.focus({ preventScroll: true });
    }, 250);
    return () => clearTimeout(timer);
  }, [focus, list.data]);

  if (list.isPending)
    return (
      <Stack gap="sm" aria-busy="true" data-testid="comments-loading">
        <Skeleton h={36} />
        <Skeleton h={120} />
        <Skeleton h={120} />
      </Stack>
    );
  if (list.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} data-testid="comments-error">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('previewComments.loadFailed')}</Text>
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            leftSection={<IconRefresh size={15} />}
            loading={list.isFetching}
            onClick={() => void list.refetch()}
          >
            {t('previewComments.retry')}
          </Button>
        </Stack>
      </Alert>
    );

  const threads = list.data;
  if (threads.length === 0)
    return (
      <Stack gap="md" align="flex-start" data-testid="comments-empty">
        <ThemeIcon size={44} radius="xl" variant="light" color="gray">
          <IconMessageCircle size={24} />
        </ThemeIcon>
        <Text fw={600}>{t('previewComments.emptyTitle')}</Text>
        <Text size="sm">{t('previewComments.emptyBody')}</Text>
        <SharePreviewButton siteId={siteId} siteName={siteName} />
      </Stack>
    );

  const open = openCount(threads);
  const counts = { open, resolved: threads.length - open, all: threads.length };
  const shown = filterThreads(threads, filter);
  return (
    <Stack gap="md" data-testid="comments-drawer">
      <Text size="sm" c="dimmed" data-testid={readOnly ? 'comments-read-only' : undefined}>
        {readOnly ? t('previewComments.readOnly') : t('previewComments.replyHint')}
      </Text>
      <SegmentedControl
        fullWidth
        value={filter}
        onChange={(v) => commentsUi.setFilter(v as typeof filter)}
        data={COMMENT_FILTERS.map((f) => ({
          value: f,
          label: t(`previewComments.filter.${f}`, { count: counts[f] }),
        }))}
        aria-label={t('previewComments.filterLabel')}
        data-testid="comments-filter"
      />
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="comments-filter-empty">
          {filter === 'resolved' ? t('previewComments.emptyResolved') : t('previewComments.emptyOpen')}
        </Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {shown.map((c) => (
            <li key={c.id}>
              <Thread
                siteId={siteId}
                thread={c}
                readOnly={readOnly}
                focused={focus?.id === c.id}
                onShowPage={onShowPage}
              />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function Thread({
  siteId,
  thread,
  readOnly,
  focused,
  onShowPage,
}: {
  siteId: string;
  thread: TPreviewComment;
  readOnly: boolean;
  focused: boolean;
  onShowPage: TCommentsButtonProps['onShowPage'];
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as TUiLanguage;
  const queryClient = useQueryClient();
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string | null>(null);
  const open = isOpen(thread);
  const langName = t(`siteEditor.languages.names.${thread.lang}`);

  /** The server's copy of the thread, into the list every part shows. */
  const keep = (env: TEnvelope<TPreviewComment>) => {
    queryClient.setQueryData<TEnvelope<TPreviewComment[]>>(commentKeys.list(siteId), (prev) =>
      prev ? { ...prev, data: withThread(prev.data, env.data) } : prev,
    );
    if (env.message) notifySuccess(env.message);
  };
  /** A thread deleted meanwhile: the list is read again. */
  const gone = (e: unknown) => {
    if (e instanceof ApiError && e.status === 404)
      void queryClient.invalidateQueries({ queryKey: commentKeys.list(siteId) });
  };

  const send = useMutation({
    mutationFn: (body: string) => commentsApi.reply(siteId, thread.id, body, { toast: false }),
    onSuccess: (env) => {
      keep(env);
      setReply('');
      setError(null);
    },
    onError: (e) => {
      setError(e instanceof ApiError ? (e.fieldErrors.body ?? e.message) : t('previewComments.failed'));
      gone(e);
    },
  });
  const resolve = useMutation({
    mutationFn: (resolved: boolean) => commentsApi.resolve(siteId, thread.id, resolved),
    onSuccess: keep,
    onError: gone,
  });
  const submit = () => {
    const body = reply.trim();
    if (!body) {
      setError(translate('common.required', lang));
      return;
    }
    send.mutate(body);
  };

  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="sm"
      className={classes.thread}
      data-focused={focused || undefined}
      tabIndex={-1}
      aria-label={t('previewComments.thread', { number: thread.number })}
      data-thread={thread.id}
      data-testid="comment-thread"
      data-number={thread.number}
      data-state={open ? 'open' : 'resolved'}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap={8} wrap="nowrap" miw={0}>
            <Badge
              color={open ? 'red.9' : 'gray.7'}
              variant={open ? 'filled' : 'outline'}
              size="lg"
              circle={thread.number < 100}
              aria-hidden
            >
              {thread.number}
            </Badge>
            <Anchor
              component="button"
              type="button"
              size="sm"
              fw={600}
              onClick={() => {
                commentsUi.leave();
                if (!onShowPage(thread.lang, thread.page))
                  notifyError(translate('comments.pageUnknown', lang));
              }}
              aria-label={t('previewComments.showPage', { page: thread.page, lang: langName })}
              data-testid="comment-page"
            >
              {thread.page} · {langName}
            </Anchor>
          </Group>
          {!open && (
            <Badge color="teal" variant="light" leftSection={<IconCheck size={12} />}>
              {t('previewComments.resolvedBadge')}
            </Badge>
          )}
        </Group>
        <Text size="sm" className={classes.body} data-testid="comment-body">
          {thread.body}
        </Text>
        <Byline author={thread.author} at={thread.createdAt} lang={lang} />

        {thread.replies.length > 0 && (
          <Stack
            component="ol"
            gap="xs"
            className={classes.replies}
            aria-label={t('previewComments.repliesTitle', { count: thread.replies.length })}
          >
            {thread.replies.map((r) => (
              <Stack component="li" gap={2} key={r.id} data-testid="comment-reply">
                <Text size="sm" className={classes.body}>
                  {r.body}
                </Text>
                <Byline author={r.author} at={r.createdAt} lang={lang} />
              </Stack>
            ))}
          </Stack>
        )}

        {!readOnly && (
          <Stack gap={6}>
            {open && (
              <Textarea
                aria-label={t('previewComments.replyTo', { number: thread.number })}
                placeholder={t('previewComments.replyPlaceholder')}
                value={reply}
                onChange={(e) => {
                  setReply(e.currentTarget.value);
                  if (error) setError(null);
                }}
                onKeyDown={(e) => {
                  // Ctrl/Cmd+Enter sends, as in most comment boxes.
                  if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                    e.preventDefault();
                    submit();
                  }
                }}
                error={error}
                autosize
                minRows={1}
                maxRows={8}
                maxLength={PREVIEW_COMMENT_MAX}
                data-testid="comment-reply-input"
              />
            )}
            <Group justify="flex-end" gap="xs">
              <Button
                size="xs"
                variant={open ? 'default' : 'light'}
                leftSection={open ? <IconCheck size={14} /> : <IconRefresh size={14} />}
                loading={resolve.isPending}
                disabled={send.isPending}
                onClick={() => resolve.mutate(open)}
                data-testid={open ? 'comment-resolve' : 'comment-reopen'}
              >
                {open ? t('previewComments.resolve') : t('previewComments.reopen')}
              </Button>
              {open && (
                <Button
                  size="xs"
                  leftSection={<IconSend size={14} />}
                  loading={send.isPending}
                  disabled={resolve.isPending}
                  onClick={submit}
                  data-testid="comment-reply-send"
                >
                  {t('previewComments.send')}
                </Button>
              )}
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** Who wrote it (the invitee's email or the creator's name), as whom, and when (JST). */
function Byline({ author, at, lang }: { author: TCommentAuthor; at: string; lang: TUiLanguage }) {
  const { t } = useTranslation();
  return (
    <Text size="xs" c="dimmed" className={classes.body}>
      <Text span fw={600} c="var(--mantine-color-text)" inherit>
        {author.name}
      </Text>{' '}
      · {author.kind === 'INVITEE' ? t('previewComments.invitee') : t('previewComments.creator')} ·{' '}
      {formatJstDateTime(at, lang)}
    </Text>
  );
}
