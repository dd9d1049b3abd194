import { Box, Button, FileButton, Group, Image, Progress, Stack, Text } from '@mantine/core';
import type { TMediaRef } from '@swipe/contracts/sites';
import { IconMovie, IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TPath, useEditorTools, useField } from './editor-context';
import { setIn } from './editor-state';
import { thumbnailUrl } from './media-thumbs';
import { useUploader } from './use-uploader';

const IMAGE_ACCEPT = 'image/png,image/jpeg,.jfif,.heic';
const VIDEO_ACCEPT = 'video/mp4,video/quicktime,video/mpeg';

/** One media slot of the document (a page's creative, a logo, a product image): preview, upload, remove. */
export function MediaField({
  path,
  label,
  video = false,
  hint,
  recommended,
  altPath,
}: {
  path: TPath;
  label: string;
  /** Also accepts a video (a page's creative). */
  video?: boolean;
  hint?: string;
  /** The recommended size (from the spec), a line of its own under the accepted files. */
  recommended?: string;
  /**
   * The text alternative of this media: emptied when the media is replaced or removed (in the
   * same undo step), since it described the one before; the pre-publish check then asks for it.
   */
  altPath?: TPath;
}) {
  const { t } = useTranslation();
  const { mediaUrls, setDoc } = useEditorTools();
  const field = useField<TMediaRef | null>(path, (v) => v as TMediaRef | null);
  const uploader = useUploader();
  const [progress, setProgress] = useState<number | null>(null);
  const ref = field.value;
  const change = (next: TMediaRef | null) => {
    if (!altPath) return field.onChange(next);
    setDoc((prev) => setIn(setIn(prev, path, next), altPath, ''));
  };
  // The preview is small: the image's smallest variant rather than the full-size file.
  const url = ref ? thumbnailUrl(ref.assetId, mediaUrls) : undefined;

  const upload = async (file: File | null) => {
    if (!file) return;
    setProgress(0);
    const [outcome] = await uploader.upload([file], setProgress);
    setProgress(null);
    if (outcome?.asset) change({ assetId: outcome.asset.id, kind: outcome.asset.kind });
  };

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <Box
          w={96}
          h={128}
          style={{
            borderRadius: 8,
            overflow: 'hidden',
            flexShrink: 0,
            background: 'var(--mantine-color-gray-1)',
            border: '1px solid var(--mantine-color-gray-3)',
            display: 'grid',
            placeItems: 'center',
          }}
        >
          {ref && url && ref.kind === 'IMAGE' ? (
            // The whole image, letterboxed on the neutral ground: a logo or a popup image is never cropped.
            <Image
              src={url}
              alt=""
              w={96}
              h={128}
              fit="contain"
              loading="lazy"
              decoding="async"
              data-testid="media-preview"
            />
          ) : ref?.kind === 'VIDEO' ? (
            <IconMovie size={32} color="var(--mantine-color-gray-6)" />
          ) : (
            <IconPhoto size={32} color="var(--mantine-color-gray-5)" />
          )}
        </Box>
        <Stack gap={6} style={{ flex: 1 }}>
          <Group gap="xs">
            <FileButton onChange={upload} accept={video ? `${IMAGE_ACCEPT},${VIDEO_ACCEPT}` : IMAGE_ACCEPT}>
              {(props) => (
                <Button
                  {...props}
                  size="xs"
                  variant="light"
                  leftSection={<IconUpload size={14} />}
                  disabled={field.disabled}
                  loading={progress !== null}
                >
                  {ref ? t('siteEditor.media.replace') : t('siteEditor.media.upload')}
                </Button>
              )}
            </FileButton>
            {ref && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                // Its text in the darkest red: small red text on white reads at the 4.5:1 of WCAG AA.
                c="red.9"
                leftSection={<IconTrash size={14} />}
                disabled={field.disabled}
                onClick={() => change(null)}
              >
                {t('siteEditor.media.remove')}
              </Button>
            )}
          </Group>
          {progress !== null && <Progress value={progress * 100} size="sm" animated aria-label={label} />}
          <Text size="xs" c="dimmed">
            {hint ?? (video ? t('siteEditor.media.hintVideo') : t('siteEditor.media.hintImage'))}
          </Text>
          {recommended && (
            <Text size="xs" c="dimmed" data-testid="media-recommended">
              {recommended}
            </Text>
          )}
          {field.error && (
            <Text size="xs" c="red">
              {field.error}
            </Text>
          )}
        </Stack>
      </Group>
      {uploader.failures}
    </Stack>
  );
}
