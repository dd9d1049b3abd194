import { ActionIcon, Group, Loader, Text, Tooltip } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconArrowForwardUp,
  IconCircleCheck,
  IconCloudOff,
} from '@tabler/icons-react';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { formatJstTime } from '../../app/format';
import { type TValueStore, useValue } from '../../app/value-store';
import type { TEditorStore } from './editor-store';
import type { TSaveState } from './site-saver';

/**
 * Undo and redo (buttons, Ctrl/Cmd+Z, Shift+Ctrl/Cmd+Z, Ctrl+Y) over every edit since the
 * editor opened, and what the autosave is doing. The keys work in text fields too: the fields
 * show the document, so the editor's undo is the one that counts.
 */
export function EditorToolbar({
  store,
  save,
  readOnly,
}: {
  store: TEditorStore;
  /** What the autosave is doing; none before the site exists. */
  save: TValueStore<TSaveState> | null;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const history = useSyncExternalStore(store.subscribe, store.getHistory);

  useEffect(() => {
    if (readOnly) return;
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const key = e.key.toLowerCase();
      // Not inside a dialog of its own (a modal's fields keep the browser's undo).
      if ((e.target as Element | null)?.closest?.('[role="dialog"]')) return;
      if (key === 'z' && !e.shiftKey) {
        e.preventDefault();
        store.undo();
      } else if ((key === 'z' && e.shiftKey) || key === 'y') {
        e.preventDefault();
        store.redo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store, readOnly]);

  return (
    <Group gap={6} wrap="nowrap">
      {!readOnly && (
        <>
          <Tooltip label={t('siteEditor.undoHint')}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('siteEditor.undo')}
              disabled={!history.canUndo}
              onClick={store.undo}
              data-testid="editor-undo"
            >
              <IconArrowBackUp size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('siteEditor.redoHint')}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('siteEditor.redo')}
              disabled={!history.canRedo}
              onClick={store.redo}
              data-testid="editor-redo"
            >
              <IconArrowForwardUp size={18} />
            </ActionIcon>
          </Tooltip>
        </>
      )}
      {save && <SaveStatus status={save} />}
    </Group>
  );
}

function SaveStatus({ status }: { status: TValueStore<TSaveState> }) {
  const { t, i18n } = useTranslation();
  const state = useValue(status);
  const [icon, text, colour] = (() => {
    switch (state.kind) {
      case 'saved':
        return [
          <IconCircleCheck key="i" size={16} />,
          state.at
            ? t('siteEditor.autosave.saved', { time: formatJstTime(state.at, i18n.language) })
            : t('siteEditor.autosave.allSaved'),
          'dimmed',
        ] as const;
      case 'saving':
        return [<Loader key="i" size={14} />, t('siteEditor.autosave.saving'), 'dimmed'] as const;
      case 'pending':
        return state.invalid
          ? ([<IconAlertTriangle key="i" size={16} />, t('siteEditor.autosave.invalid'), 'red.8'] as const)
          : ([null, t('siteEditor.autosave.pending'), 'dimmed'] as const);
      case 'offline':
        return [<IconCloudOff key="i" size={16} />, t('siteEditor.autosave.offline'), 'orange.9'] as const;
      case 'conflict':
        return [<IconAlertTriangle key="i" size={16} />, t('siteEditor.autosave.conflict'), 'red.8'] as const;
      case 'refused':
        return [<IconAlertTriangle key="i" size={16} />, t('siteEditor.autosave.refused'), 'red.8'] as const;
    }
  })();
  return (
    <Group
      gap={4}
      wrap="nowrap"
      c={colour}
      role="status"
      aria-live="polite"
      data-testid="save-status"
      data-state={state.kind}
    >
      {icon}
      <Text size="sm" c={colour}>
        {text}
      </Text>
    </Group>
  );
}
