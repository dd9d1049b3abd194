import { Alert, Badge, Button, Drawer, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import type { TSiteRevision } from '@swipe/contracts/site-api';
import { IconAlertCircle, IconHistory, IconRestore } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatJstDateTime } from '../../app/format';
import { type TValueStore, useValue } from '../../app/value-store';
import { siteEditorApi } from './site-editor-api';
import type { TSiteMeta } from './site-saver';

const KIND_COLOURS: Record<TSiteRevision['kind'], string> = {
  AUTOSAVE: 'gray',
  DRAFT: 'dark',
  PUBLISH: 'teal',
  PRIVATE: 'orange',
  RESTORE: 'grape',
};

/**
 * "History": the draft's saved revisions (time in JST in the UI language's format, author, what
 * happened), each restorable after a confirmation. `onRestore` does the restoring (the editor
 * saves its unsaved changes first, so restoring never loses them).
 */
export function RevisionHistoryButton(props: {
  siteId: string;
  /** The server's view of the site: its revision is the current one. */
  meta: TValueStore<TSiteMeta | null>;
  dirty: boolean;
  readOnly: boolean;
  onRestore: (revision: number) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [asked, setAsked] = useState<number | null>(null);
  const [restoring, setRestoring] = useState(false);
  const current = useValue(props.meta, (m) => m?.revision ?? 0);
  const list = useQuery({
    queryKey: ['sites', 'revisions', props.siteId, current],
    queryFn: ({ signal }) => siteEditorApi.revisions(props.siteId, { signal, toast: false }),
    enabled: opened,
  });
  const lang = i18n.language;

  const restore = async () => {
    if (asked === null) return;
    setRestoring(true);
    try {
      await props.onRestore(asked);
      setAsked(null);
      setOpened(false);
    } finally {
      setRestoring(false);
    }
  };

  return (
    <>
      <Button
        variant="default"
        leftSection={<IconHistory size={18} />}
        onClick={() => setOpened(true)}
        data-testid="history-open"
      >
        {t('siteEditor.history.open')}
      </Button>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        position="right"
        title={<Text fw={650}>{t('siteEditor.history.title')}</Text>}
        closeButtonProps={{ 'aria-label': t('siteEditor.history.close') }}
      >
        {list.isPending ? (
          <Stack gap="sm" aria-busy="true">
            <Skeleton h={56} />
            <Skeleton h={56} />
            <Skeleton h={56} />
          </Stack>
        ) : list.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />}>
            {t('siteEditor.history.loadFailed')}
          </Alert>
        ) : list.data.data.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('siteEditor.history.empty')}
          </Text>
        ) : (
          <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} data-testid="history-list">
            {list.data.data.map((r) => (
              <Group
                component="li"
                key={r.revision}
                justify="space-between"
                wrap="nowrap"
                p="sm"
                style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
                data-testid={`history-${r.revision}`}
              >
                <Stack gap={2} miw={0}>
                  <Group gap={6}>
                    <Text fw={600} size="sm">
                      {t('siteEditor.history.revision', { revision: r.revision })}
                    </Text>
                    <Badge size="sm" variant="light" color={KIND_COLOURS[r.kind]}>
                      {t(`siteEditor.history.kind.${r.kind}`, { revision: r.restoredFrom })}
                    </Badge>
                    {r.revision === current && (
                      <Badge size="sm" variant="outline">
                        {t('siteEditor.history.current')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {formatJstDateTime(r.createdAt, lang)} ·{' '}
                    {t('siteEditor.history.by', {
                      name: r.authorName ?? t('siteEditor.history.unknownAuthor'),
                    })}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('siteEditor.history.summary', {
                      count: r.pages,
                      languages: r.languages.map((l) => t(`siteEditor.languages.names.${l}`)).join(', '),
                    })}
                  </Text>
                </Stack>
                {r.revision !== current && !props.readOnly && (
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconRestore size={14} />}
                    onClick={() => setAsked(r.revision)}
                    aria-label={`${t('siteEditor.history.restore')}: ${t('siteEditor.history.revision', { revision: r.revision })}`}
                    data-testid={`history-restore-${r.revision}`}
                  >
                    {t('siteEditor.history.restore')}
                  </Button>
                )}
              </Group>
            ))}
          </Stack>
        )}
      </Drawer>
      <Modal
        opened={asked !== null}
        onClose={() => setAsked(null)}
        centered
        title={<Text fw={650}>{t('siteEditor.history.restoreTitle', { revision: asked })}</Text>}
      >
        <Stack gap="md">
          <Text size="sm">{t('siteEditor.history.restoreBody')}</Text>
          {props.dirty && <Text size="sm">{t('siteEditor.history.unsavedFirst')}</Text>}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsked(null)}>
              {t('siteEditor.cancel')}
            </Button>
            <Button loading={restoring} onClick={() => void restore()} data-testid="history-restore-confirm">
              {t('siteEditor.history.restore')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
