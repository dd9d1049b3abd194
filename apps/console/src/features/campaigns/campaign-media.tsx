import { Box, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import type { TMediaRef } from '@swipe/contracts/sites';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { type ImgHTMLAttributes, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/api-client';
import { notifyError } from '../../app/notify';
import { uploadMedia } from '../../app/upload-media';

// Campaign images go to the media library of the site's account, the way the site editor uploads
// them (generate-urls, then a PUT of each file). Their URLs: the campaign's and the site's media
// maps (from the server), and what an upload answered.

const IMAGE_ACCEPT = 'image/png,image/jpeg,.jfif,.heic';

export type TMediaUrls = {
  urlOf: (ref: TMediaRef | null | undefined) => string | undefined;
  upload: (file: File) => Promise<{ ref: TMediaRef; natural?: { width: number; height: number } } | null>;
};

/** The natural size of an image at `url` (undefined when it does not load). */
const naturalSize = (url: string) =>
  new Promise<{ width: number; height: number } | undefined>((resolve) => {
    const img = new Image();
    img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = () => resolve(undefined);
    img.src = url;
  });

/**
 * `owner`: whose library takes the uploads (a site's account) and the URLs already known; or,
 * with `endpoint`, another generate-urls address (the caller's own staff images, for news).
 */
export function useCampaignMedia(
  owner: { accountId?: string; endpoint?: string; media?: Record<string, string> },
  campaignMedia: Record<string, string> = {},
): TMediaUrls {
  const { t } = useTranslation();
  const [urls, setUrls] = useState<Record<string, string>>(() => ({ ...owner.media, ...campaignMedia }));
  const urlOf = useCallback(
    (ref: TMediaRef | null | undefined) => (ref ? urls[ref.assetId] : undefined),
    [urls],
  );
  const upload = async (file: File) => {
    try {
      const [outcome] = await uploadMedia([file], {
        accountId: owner.accountId,
        endpoint: owner.endpoint,
        messages: { network: t('campaigns.media.failed') },
      });
      if (!outcome?.asset) {
        notifyError(outcome?.error ?? t('campaigns.media.failed'));
        return null;
      }
      const { id, kind, url } = outcome.asset;
      setUrls((u) => ({ ...u, [id]: url }));
      return { ref: { assetId: id, kind }, natural: await naturalSize(url) };
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : t('campaigns.media.failed'));
      return null;
    }
  };
  return { urlOf, upload };
}

/** An image of the library (not draggable: the designer drags the item, not the picture). */
export function MediaImg({
  src,
  alt,
  ...props
}: ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string }) {
  return <img {...props} alt={alt} src={src} draggable={false} />;
}

/** One image slot (background, banner, button image): preview, upload, remove. */
export function MediaSlot({
  label,
  value,
  media,
  onChange,
  disabled,
  error,
  removable = true,
  testId,
}: {
  label: string;
  value: TMediaRef | null;
  media: TMediaUrls;
  onChange: (ref: TMediaRef | null, natural?: { width: number; height: number }) => void;
  disabled?: boolean;
  error?: string;
  removable?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const url = media.urlOf(value);
  const pick = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    const done = await media.upload(file);
    setBusy(false);
    if (done) onChange(done.ref, done.natural);
  };
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <Box
          w={64}
          h={64}
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
            <MediaImg src={url} alt="" width={64} height={64} style={{ objectFit: 'cover' }} />
          ) : (
            <IconPhoto size={26} color="var(--mantine-color-gray-6)" aria-hidden />
          )}
        </Box>
        <Stack gap={6} style={{ flex: 1 }}>
          <Group gap="xs">
            <FileButton onChange={(f) => void pick(f)} accept={IMAGE_ACCEPT} disabled={disabled}>
              {(props) => (
                <Button
                  {...props}
                  size="xs"
                  variant="light"
                  leftSection={<IconUpload size={14} />}
                  disabled={disabled}
                  loading={busy}
                  aria-label={`${value ? t('campaigns.media.replace') : t('campaigns.media.upload')}: ${label}`}
                  data-testid={`${testId}-upload`}
                >
                  {value ? t('campaigns.media.replace') : t('campaigns.media.upload')}
                </Button>
              )}
            </FileButton>
            {value && removable && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                // The subtle button's own red is too faint on white at 12 px (axe contrast).
                c="red.8"
                leftSection={<IconTrash size={14} />}
                disabled={disabled}
                onClick={() => onChange(null)}
                aria-label={`${t('campaigns.media.remove')}: ${label}`}
              >
                {t('campaigns.media.remove')}
              </Button>
            )}
          </Group>
          {busy && <Progress value={100} size="xs" animated aria-label={label} />}
          <Text size="xs" c="dimmed">
            {t('campaigns.media.hint')}
          </Text>
          {error && (
            <Text size="xs" c="red" data-testid={`${testId}-error`}>
              {error}
            </Text>
          )}
        </Stack>
      </Group>
    </Stack>
  );
}
