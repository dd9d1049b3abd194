import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { translate } from '@swipe/contracts/messages';
import { type TUserImportPreview, USER_IMPORT_ROLES } from '@swipe/contracts/user-import';
import { creatableKinds } from '@swipe/contracts/users';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconCircleCheck,
  IconFileImport,
  IconLock,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { ApiError } from '../../app/api-client';
import { notifyError, notifySuccess } from '../../app/notify';
import { usePageTitle } from '../../app/use-page-title';
import { useShell } from '../../app/use-shell';
import { useWriteAccess } from '../../app/write-access';
import { WriteButton } from '../../app/write-control';
import { FileDrop } from './file-drop';
import { CARD_PADDING, ColumnReference, ImportSteps } from './import-guide';
import { checkCsvFile, withImportErrors } from './import-model';
import { ImportPreview } from './import-preview';
import { downloadTemplate, userImportApi } from './user-import-api';

// /{prefix}/user-import: template, upload, row-by-row check, then one all-or-nothing import.
// `?parent=<account id>` imports under another account of the caller's subtree.

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError ? error.message : fallback;

function ParentLine({ parentId }: { parentId: string }) {
  const { t } = useTranslation();
  const { user } = useShell();
  const account = useQuery({
    queryKey: ['accounts', parentId],
    queryFn: ({ signal }) => userImportApi.account(parentId, signal),
    staleTime: 5 * 60_000,
  });
  const kinds = account.data ? creatableKinds(user.actingRole, account.data.data.type) : [];
  return (
    <Stack gap={6} data-testid="import-parent">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" c="dimmed">
          {t('userImport.parent.label')}
        </Text>
        {account.isPending ? (
          <Skeleton h={18} w={180} radius="sm" />
        ) : (
          <Text size="sm" fw={600} className="break-anywhere" data-testid="import-parent-name">
            {account.data?.data.name ?? user.accountName}
          </Text>
        )}
      </Group>
      {account.data && (
        <Group gap="xs" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('userImport.parent.kinds')}
          </Text>
          {kinds.length ? (
            kinds.map((k) => (
              <Badge key={k} variant="light" color="brand" tt="none" radius="sm">
                {t(`userImport.kinds.${k}`)}
              </Badge>
            ))
          ) : (
            <Text size="sm" c="red.7">
              {t('userImport.parent.none')}
            </Text>
          )}
        </Group>
      )}
    </Stack>
  );
}

export function UserImportPage() {
  const { user } = useShell();
  // Other roles create no users: the same answer the API would give them.
  if (!(USER_IMPORT_ROLES as readonly string[]).includes(user.actingRole))
    return <Navigate to="/errors/403" replace />;
  return <ImportWorkspace />;
}

function ImportWorkspace() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('userImport.title'));
  const { user, prefix } = useShell();
  const { locked, cause } = useWriteAccess();
  // Checking a file reads only, so it stays open; the page says what still works.
  const lockText = cause === 'suspended' ? t('userImport.suspended') : t('userImport.viewOnly');
  const [params] = useSearchParams();
  const parentId = params.get('parent') || undefined;
  const lang = i18n.language as TUiLanguage;
  const queryClient = useQueryClient();

  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<TUserImportPreview | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<{ count: number; message: string } | null>(null);

  const plans = useQuery({
    queryKey: ['plans', 'current'],
    queryFn: ({ signal }) => userImportApi.plans(signal),
    staleTime: 5 * 60_000,
  });
  const planCodes = plans.data ? plans.data.data.filter((p) => !p.retired).map((p) => p.code) : null;

  const template = useMutation({
    mutationFn: () => downloadTemplate(parentId),
    onError: (error) => notifyError(messageOf(error, t('userImport.templateFailed'))),
  });

  const check = useMutation({
    mutationFn: (f: File) => userImportApi.preview(f, parentId),
    onSuccess: (env) => setPreview(env.data),
    onError: (error) => {
      setFileProblem(messageOf(error, t('userImport.checkFailed')));
      if (!(error instanceof ApiError) || error.kind !== 'http')
        notifyError(messageOf(error, t('userImport.checkFailed')));
    },
  });

  const run = useMutation({
    mutationFn: (f: File) => userImportApi.run(f, parentId),
    onSuccess: (env) => {
      const message = env.message ?? '';
      setConfirming(false);
      setDone({ count: env.data.count, message });
      notifySuccess(message);
      void queryClient.invalidateQueries({ queryKey: ['users'] });
    },
    onError: (error) => {
      setConfirming(false);
      // The file was fine at preview time but not any more (e.g. someone took an email meanwhile).
      if (error instanceof ApiError && error.status === 422 && preview)
        setPreview(withImportErrors(preview, error.fieldErrors));
      notifyError(messageOf(error, t('userImport.importFailed')));
    },
  });

  const choose = (next: File) => {
    setDone(null);
    setPreview(null);
    check.reset();
    setFile(next);
    const problem = checkCsvFile(next);
    setFileProblem(problem ? translate(problem, lang) : null);
    if (!problem) check.mutate(next);
  };

  const reset = () => {
    setDone(null);
    setPreview(null);
    setFile(null);
    setFileProblem(null);
    check.reset();
    run.reset();
  };

  const ready = !!preview && preview.invalid === 0 && preview.valid > 0;
  const importable = ready && !locked;
  const count = preview?.valid ?? 0;

  return (
    <Stack gap="lg" data-testid="user-import-page">
      <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
        <Stack gap={4} miw={0} style={{ flex: '1 1 300px' }}>
          <Anchor component={Link} to={`/${prefix}/user-list`} size="sm" data-testid="import-back">
            <Group gap={4} component="span" wrap="nowrap">
              <IconArrowLeft size={14} />
              {t('userImport.backToList')}
            </Group>
          </Anchor>
          <Text component="h1" fz={{ base: 24, sm: 28 }} fw={650} m={0} lh={1.25}>
            {t('userImport.title')}
          </Text>
          <Text c="dimmed" size="sm">
            {t('userImport.subtitle')}
          </Text>
        </Stack>
      </Group>

      {locked && (
        <Alert variant="light" color="yellow" icon={<IconLock size={20} />} data-testid="import-view-only">
          {lockText}
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ImportSteps onDownload={() => template.mutate()} downloading={template.isPending} />
        {done ? (
          <Card p={CARD_PADDING} data-testid="import-done">
            <Stack align="center" justify="center" ta="center" gap="sm" h="100%">
              <ThemeIcon size={56} radius="xl" color="teal" variant="light">
                <IconCircleCheck size={32} />
              </ThemeIcon>
              <Text fw={650} fz="lg">
                {t('userImport.done.title')}
              </Text>
              <Text c="dimmed" maw={520} data-testid="import-done-message">
                {done.message}
              </Text>
              <Group gap="sm" justify="center" mt="xs">
                <Button component={Link} to={`/${prefix}/user-list`} data-testid="import-done-list">
                  {t('userImport.done.toList')}
                </Button>
                <Button variant="default" onClick={reset} data-testid="import-again">
                  {t('userImport.done.again')}
                </Button>
              </Group>
            </Stack>
          </Card>
        ) : (
          <Card p={CARD_PADDING} component="section" aria-label={t('userImport.drop.label')}>
            <Stack gap="md">
              <ParentLine parentId={parentId ?? user.accountId} />
              <FileDrop file={file} busy={check.isPending || run.isPending} onFile={choose} />
              {fileProblem && (
                <Alert
                  variant="light"
                  color="red"
                  icon={<IconAlertCircle size={20} />}
                  title={t('userImport.checkFailed')}
                  data-testid="import-file-error"
                >
                  {fileProblem}
                </Alert>
              )}
            </Stack>
          </Card>
        )}
      </SimpleGrid>
      <ColumnReference planCodes={planCodes} />

      {!done && check.isPending && (
        <Card p={CARD_PADDING} aria-busy="true" data-testid="import-checking">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('userImport.checking', { name: file?.name ?? '' })}
            </Text>
            <Skeleton h={64} radius="md" />
            <Skeleton h={28} radius="sm" />
            <Skeleton h={28} radius="sm" />
            <Skeleton h={28} radius="sm" />
          </Stack>
        </Card>
      )}

      {!done && preview && !check.isPending && (
        <ImportPreview
          preview={preview}
          action={
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Text size="sm" c={importable ? undefined : 'dimmed'} style={{ flex: '1 1 240px' }}>
                {locked
                  ? lockText
                  : importable
                    ? t('userImport.confirm.body', { count })
                    : t('userImport.importBlocked')}
              </Text>
              <WriteButton
                locked={locked}
                reason={lockText}
                size="md"
                leftSection={<IconFileImport size={18} />}
                // Locked wins: a natively disabled button could not show its reason.
                disabled={!locked && !ready}
                onClick={() => setConfirming(true)}
                data-testid="import-submit"
              >
                {t('userImport.importButton', { count })}
              </WriteButton>
            </Group>
          }
        />
      )}

      <Modal
        opened={confirming}
        onClose={() => !run.isPending && setConfirming(false)}
        closeOnClickOutside={!run.isPending}
        closeOnEscape={!run.isPending}
        withCloseButton={!run.isPending}
        title={<Text fw={650}>{t('userImport.confirm.title')}</Text>}
        centered
      >
        {run.isPending ? (
          <Stack gap="sm" data-testid="import-progress" aria-live="polite">
            <Text fw={600}>{t('userImport.importing', { count })}</Text>
            <Progress
              value={100}
              animated
              striped
              size="lg"
              aria-label={t('userImport.importing', { count })}
            />
            <Text size="sm" c="dimmed">
              {t('userImport.importingHint')}
            </Text>
          </Stack>
        ) : (
          <Stack gap="md">
            <Text data-testid="import-confirm-text">{t('userImport.confirm.body', { count })}</Text>
            <Text size="sm" c="dimmed">
              {t('userImport.confirm.atomic')}
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setConfirming(false)}>
                {t('userImport.confirm.cancel')}
              </Button>
              <Button
                onClick={() => file && run.mutate(file)}
                data-autofocus
                data-testid="import-confirm"
                leftSection={<IconFileImport size={18} />}
              >
                {t('userImport.confirm.submit')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
