import {
  Alert,
  Avatar,
  Box,
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
  Title,
} from '@mantine/core';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { translate } from '@swipe/contracts/messages';
import { PROFILE_PICTURE_RECOMMENDED_PX } from '@swipe/contracts/profile';
import { IconAlertCircle, IconInfoCircle, IconPhotoUp, IconTrash, IconUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/api-client';
import { notifyError, notifySuccess } from '../../app/notify';
import { profilePictureKey, useObjectUrl, useProfilePicture } from '../../app/profile-picture';
import { usePageTitle } from '../../app/use-page-title';
import { useShell } from '../../app/use-shell';
import { initialsOf } from '../../app/user-avatar';
import { precheckPicture, profileApi, uploadPicture } from './profile-api';

const ACCEPT = '.jpg,.jpeg,.jfif,.png';

const formatSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(2)} MB`;

/** Natural size of the chosen image, when the browser can decode it (the server still checks). */
function useImageSize(url: string | null) {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useEffect(() => {
    setSize(null);
    if (!url) return;
    const img = new Image();
    img.onload = () => setSize({ width: img.naturalWidth, height: img.naturalHeight });
    img.src = url;
    return () => {
      img.onload = null;
    };
  }, [url]);
  return size;
}

function DropArea({ onFile, disabled }: { onFile: (file: File) => void; disabled: boolean }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const stop = (e: DragEvent) => {
    e.preventDefault();
    e.stopPropagation();
  };
  return (
    <Box
      onDragEnter={(e) => {
        stop(e);
        if (!disabled) setOver(true);
      }}
      onDragOver={stop}
      onDragLeave={(e) => {
        stop(e);
        setOver(false);
      }}
      onDrop={(e) => {
        stop(e);
        setOver(false);
        const file = e.dataTransfer.files[0];
        if (file && !disabled) onFile(file);
      }}
      p="xl"
      data-testid="picture-drop"
      style={{
        flex: 1,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        border: `2px dashed var(--mantine-color-${over ? 'brand-5' : 'gray-4'})`,
        borderRadius: 'var(--mantine-radius-md)',
        background: over ? 'var(--mantine-color-brand-0)' : 'var(--mantine-color-gray-0)',
        transition: 'background 120ms, border-color 120ms',
      }}
    >
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={52} radius="xl" variant="light" color="brand">
          <IconPhotoUp size={28} stroke={1.6} />
        </ThemeIcon>
        <Text fw={600}>{over ? t('profile.picture.dropActive') : t('profile.picture.dropTitle')}</Text>
        <Text size="sm" c="dimmed">
          {t('profile.picture.or')}
        </Text>
        <Button
          variant="default"
          leftSection={<IconUpload size={16} />}
          onClick={() => input.current?.click()}
          disabled={disabled}
          data-testid="picture-choose"
        >
          {t('profile.picture.choose')}
        </Button>
        <Text size="xs" c="dimmed" maw={320}>
          {t('profile.picture.rules')}
        </Text>
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          hidden
          data-testid="picture-input"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file) onFile(file);
          }}
        />
      </Stack>
    </Box>
  );
}

/** /{prefix}/profile-picture: the signed-in operator's own picture. */
export function ProfilePicturePage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('profile.picture.title'));
  const { user } = useShell();
  const queryClient = useQueryClient();
  const current = useProfilePicture(user.id);
  const currentUrl = useObjectUrl(current.data);

  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const previewUrl = useObjectUrl(file);
  const dims = useImageSize(previewUrl);
  const lang = i18n.language as TUiLanguage;

  const choose = (next: File) => {
    const problem = precheckPicture(next);
    if (problem) {
      setFile(null);
      setError(translate(problem, lang));
      return;
    }
    setError(null);
    setFile(next);
  };

  const upload = useMutation({
    mutationFn: (chosen: File) => uploadPicture(chosen, setProgress),
    onMutate: () => {
      setProgress(0);
      setError(null);
    },
    onSuccess: async ({ message }) => {
      setFile(null);
      await queryClient.invalidateQueries({ queryKey: profilePictureKey(user.id) });
      if (message) notifySuccess(message);
    },
    onError: (e) => {
      if (e instanceof ApiError && e.kind === 'aborted') return;
      const message = e instanceof ApiError ? e.message : t('apiError.request');
      // The file itself was refused: back to choosing one. Otherwise keep it for another try.
      if (e instanceof ApiError && (e.status === 413 || e.status === 415)) setFile(null);
      setError(message);
      notifyError(message);
    },
  });

  const remove = useMutation({
    mutationFn: () => profileApi.removePicture(),
    onSuccess: async ({ message }) => {
      setConfirmRemove(false);
      await queryClient.invalidateQueries({ queryKey: profilePictureKey(user.id) });
      if (message) notifySuccess(message);
    },
  });

  const recommended = PROFILE_PICTURE_RECOMMENDED_PX;
  const hasPicture = Boolean(current.data);

  return (
    <Stack gap="lg" data-testid="profile-picture-page">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('profile.picture.title')}
        </Title>
        <Text c="dimmed">{t('profile.picture.subtitle')}</Text>
      </Stack>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card
          withBorder
          component="section"
          aria-labelledby="picture-current-title"
          p={{ base: 'md', sm: 'xl' }}
        >
          <Stack gap="md" align="center" ta="center" py="md">
            <Text fw={600} id="picture-current-title" size="sm" c="dimmed" tt="uppercase" lts="0.04em">
              {t('profile.picture.current')}
            </Text>
            {current.isPending ? (
              <Skeleton circle height={144} />
            ) : (
              <Avatar
                src={currentUrl}
                size={144}
                radius={144}
                color="brand"
                variant="light"
                alt={user.name}
                data-testid="picture-current"
                data-has-picture={hasPicture ? 'true' : 'false'}
                style={{ boxShadow: '0 0 0 4px white, 0 0 0 5px var(--mantine-color-gray-3)' }}
              >
                <Text fz={44} fw={700}>
                  {initialsOf(user.name)}
                </Text>
              </Avatar>
            )}
            <Stack gap={2} miw={0}>
              <Text fw={650} className="break-anywhere">
                {user.name}
              </Text>
              <Text size="sm" c="dimmed" className="break-anywhere">
                {user.email}
              </Text>
            </Stack>
            {!current.isPending && !hasPicture && (
              <Stack gap={0} data-testid="picture-none">
                <Text size="sm" fw={600} c="dark.4">
                  {t('profile.picture.none')}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('profile.picture.noneHint')}
                </Text>
              </Stack>
            )}
            {hasPicture && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => setConfirmRemove(true)}
                data-testid="picture-remove"
              >
                {t('profile.picture.remove')}
              </Button>
            )}
          </Stack>
        </Card>

        <Card
          withBorder
          component="section"
          aria-label={t('profile.picture.upload')}
          p={{ base: 'md', sm: 'xl' }}
        >
          <Stack gap="md" h="100%">
            {file && previewUrl ? (
              <Stack gap="md" data-testid="picture-preview">
                <Text fw={600}>{t('profile.picture.preview')}</Text>
                <Group gap="lg" wrap="nowrap" align="center">
                  <Avatar src={previewUrl} size={112} radius={112} alt="" />
                  <Avatar src={previewUrl} size={34} radius={34} alt="" />
                  <Stack gap={2} miw={0}>
                    <Text size="sm" fw={600} className="break-anywhere">
                      {file.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatSize(file.size)}
                      {dims ? ` · ${t('profile.picture.dimensions', dims)}` : ''}
                    </Text>
                  </Stack>
                </Group>
                {dims && dims.width !== dims.height && (
                  <Text size="xs" c="dimmed">
                    <IconInfoCircle size={14} style={{ verticalAlign: -2 }} />{' '}
                    {t('profile.picture.notSquare')}
                  </Text>
                )}
                {dims && Math.min(dims.width, dims.height) < recommended && (
                  <Text size="xs" c="dimmed">
                    <IconInfoCircle size={14} style={{ verticalAlign: -2 }} /> {t('profile.picture.small')}
                  </Text>
                )}
                {upload.isPending && (
                  <Stack gap={4}>
                    <Progress value={progress * 100} animated aria-label={t('profile.picture.upload')} />
                    <Text size="xs" c="dimmed" data-testid="picture-progress">
                      {t('profile.picture.uploading', { percent: Math.round(progress * 100) })}
                    </Text>
                  </Stack>
                )}
                <Group gap="sm" justify="flex-end" wrap="nowrap">
                  <Button variant="default" onClick={() => setFile(null)} disabled={upload.isPending}>
                    {t('profile.picture.cancel')}
                  </Button>
                  <Button
                    leftSection={<IconUpload size={16} />}
                    loading={upload.isPending}
                    onClick={() => upload.mutate(file)}
                    data-testid="picture-upload"
                  >
                    {t('profile.picture.upload')}
                  </Button>
                </Group>
              </Stack>
            ) : (
              <DropArea onFile={choose} disabled={upload.isPending} />
            )}
            {error && (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertCircle size={18} />}
                data-testid="picture-error"
              >
                {error}
              </Alert>
            )}
          </Stack>
        </Card>
      </SimpleGrid>

      <Modal
        opened={confirmRemove}
        onClose={() => !remove.isPending && setConfirmRemove(false)}
        title={
          <Text fw={650} fz="lg">
            {t('profile.picture.confirmRemove.title')}
          </Text>
        }
        centered
      >
        <Stack gap="lg">
          <Text size="sm">{t('profile.picture.confirmRemove.body')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirmRemove(false)} disabled={remove.isPending}>
              {t('profile.picture.confirmRemove.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate()}
              data-testid="picture-remove-confirm"
            >
              {t('profile.picture.confirmRemove.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
