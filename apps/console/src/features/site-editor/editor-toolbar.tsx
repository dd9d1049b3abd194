import { Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatJstTime } from '../../app/format';
import { UndoRedo } from '../../app/undo-redo';
import { type TValueStore, useValue } from '../../app/value-store';
import type { TEditorStore } from './editor-store';
import type { TSaveState } from './site-saver';

/**
 * Undo and redo (buttons, and the keys of useUndoKeys) over every edit since the editor opened,
 * and what the autosave is doing.
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
  return (
    <Group gap={6} wrap="nowrap">
      <UndoRedo store={store} readOnly={readOnly} testIdPrefix="editor" />
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
