import { IconArrowBackUp, IconArrowForwardUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type TDocStore, useDocHistory, useUndoKeys } from './doc-store';
import { IconTool } from './icon-tool';

/**
 * An editor's undo and redo: two buttons (`<prefix>-undo`, `<prefix>-redo`) and the keys of
 * useUndoKeys, over every edit since the editor opened. Nothing shows when read-only.
 */
export function UndoRedo({
  store,
  readOnly,
  testIdPrefix,
}: {
  store: Pick<TDocStore<unknown>, 'subscribe' | 'getHistory' | 'undo' | 'redo'>;
  readOnly: boolean;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  const history = useDocHistory(store);
  useUndoKeys(store, !readOnly);
  if (readOnly) return null;
  const tools = [
    [
      'undo',
      t('editor.undoHint'),
      t('editor.undo'),
      <IconArrowBackUp key="i" size={18} />,
      !history.canUndo,
      store.undo,
    ],
    [
      'redo',
      t('editor.redoHint'),
      t('editor.redo'),
      <IconArrowForwardUp key="i" size={18} />,
      !history.canRedo,
      store.redo,
    ],
  ] as const;
  return (
    <>
      {tools.map(([id, hint, label, icon, disabled, onClick]) => (
        <IconTool
          key={id}
          label={label}
          hint={hint}
          icon={icon}
          disabled={disabled}
          onClick={onClick}
          testId={`${testIdPrefix}-${id}`}
        />
      ))}
    </>
  );
}
