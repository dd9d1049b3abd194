import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { type TPreviewLink, ZPreviewLinkResponse } from '@swipe/contracts/site-api';
import { LANGUAGE_SEGMENT, type TSiteLanguage } from '@swipe/contracts/sites';
import { IconAlertCircle, IconExternalLink, IconEye, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api-client';

// The editor shows the viewer's own render of the saved draft in an <iframe sandbox>,
// so what the creator sees is what visitors get, and the creator's scripts never run on the
// console's origin (no allow-same-origin: the frame is an opaque origin).

const FRAMES = { phone: { width: 390, height: 760 }, desktop: { width: 1280, height: 800 } } as const;

export function DraftPreviewButton(props: {
  siteId: string;
  languages: TSiteLanguage[];
  defaultLanguage: TSiteLanguage;
  dirty: boolean;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconEye size={18} />}
        onClick={() => setOpened(true)}
        data-testid="site-preview"
      >
        {t('siteEditor.preview.open')}
      </Button>
      {opened && <DraftPreviewModal {...props} onClose={() => setOpened(false)} />}
    </>
  );
}

function DraftPreviewModal(props: {
  siteId: string;
  languages: TSiteLanguage[];
  defaultLanguage: TSiteLanguage;
  dirty: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [lang, setLang] = useState<TSiteLanguage>(props.defaultLanguage);
  const [frame, setFrame] = useState<keyof typeof FRAMES>('phone');
  const [nonce, setNonce] = useState(0);
  // A fresh grant each time the pane opens or reloads (it is valid for ten minutes).
  const link = useQuery({
    queryKey: ['sites', 'preview-link', props.siteId, nonce],
    queryFn: ({ signal }) =>
      api.post<TPreviewLink>(`/api/site/${encodeURIComponent(props.siteId)}/preview-link`, undefined, {
        signal,
        toast: false,
        schema: ZPreviewLinkResponse,
      }),
    staleTime: 0,
    gcTime: 0,
  });
  const src = link.data
    ? `${link.data.data.url}${lang === props.defaultLanguage ? '' : LANGUAGE_SEGMENT[lang]}`
    : null;
  const size = FRAMES[frame];
  // The frame keeps its real size inside and is scaled down to fit the window with the dialog.
  const fit = (window.innerHeight - 230) / size.height;
  const scale = Math.max(0.4, Math.min(frame === 'desktop' ? 0.6 : 1, fit));

  return (
    <Modal opened onClose={props.onClose} size="auto" centered title={t('siteEditor.preview.title')}>
      <Stack gap="sm" data-testid="draft-preview">
        {props.dirty && (
          <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} />} py={8}>
            {t('siteEditor.preview.unsaved')}
          </Alert>
        )}
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            {props.languages.length > 1 && (
              <SegmentedControl
                size="xs"
                aria-label={t('siteEditor.preview.language')}
                value={lang}
                onChange={(v) => setLang(v as TSiteLanguage)}
                data={props.languages.map((l) => ({ value: l, label: t(`siteEditor.languages.names.${l}`) }))}
              />
            )}
            <SegmentedControl
              size="xs"
              value={frame}
              onChange={(v) => setFrame(v as keyof typeof FRAMES)}
              data={[
                { value: 'phone', label: t('siteEditor.preview.phone') },
                { value: 'desktop', label: t('siteEditor.preview.desktop') },
              ]}
            />
          </Group>
          <Group gap="xs">
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconRefresh size={14} />}
              onClick={() => setNonce((n) => n + 1)}
            >
              {t('siteEditor.preview.reload')}
            </Button>
            {src && (
              <Anchor href={src} target="_blank" rel="noopener" size="sm">
                <Group gap={4} component="span">
                  {t('siteEditor.preview.newTab')}
                  <IconExternalLink size={14} />
                </Group>
              </Anchor>
            )}
          </Group>
        </Group>
        <Box
          w={size.width * scale}
          h={size.height * scale}
          mx="auto"
          style={{
            overflow: 'hidden',
            borderRadius: frame === 'phone' ? 28 : 8,
            border: '8px solid var(--mantine-color-dark-7)',
            boxSizing: 'content-box',
            background: 'var(--mantine-color-gray-1)',
          }}
        >
          {link.isPending && (
            <Stack align="center" justify="center" h="100%" gap="xs">
              <Loader size="sm" />
              <Text size="sm" c="dimmed">
                {t('siteEditor.preview.loading')}
              </Text>
            </Stack>
          )}
          {link.isError && (
            <Stack align="center" justify="center" h="100%" p="md">
              <Text size="sm" c="red">
                {t('siteEditor.preview.failed')}
              </Text>
            </Stack>
          )}
          {src && (
            <iframe
              key={src}
              src={src}
              title={t('siteEditor.preview.frameTitle')}
              sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox"
              referrerPolicy="no-referrer"
              data-testid="draft-preview-frame"
              style={{
                width: size.width,
                height: size.height,
                border: 0,
                transform: scale === 1 ? undefined : `scale(${scale})`,
                transformOrigin: '0 0',
                display: 'block',
                background: '#fff',
              }}
            />
          )}
        </Box>
      </Stack>
    </Modal>
  );
}
