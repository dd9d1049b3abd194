import type { TUiLanguage } from '@swipe/contracts/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { type Dispatch, type SetStateAction, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../app/api-client';
import { notifyError, notifySuccess } from '../../app/notify';
import { useShell } from '../../app/use-shell';
import type { TValueStore } from '../../app/value-store';
import type { TEditorErrors } from './editor-errors';
import { documentErrors, serverErrors } from './editor-state';
import type { TEditorStore } from './editor-store';
import { siteEditorApi, type TSaveMode } from './site-editor-api';
import type { TSiteMeta, useSiteSaver } from './site-saver';

// The site editor's commands: the creator's Save, Publish and Make private (creating a new site
// on its first save), and restoring a revision of the history; each says what went wrong where
// the creator sees it (the tab with the first error, the field, or a toast).

/** The tab that holds a field path's error: its language's, or the settings. */
const firstErrorTab = (errs: Record<string, string>) => {
  const key = Object.keys(errs)[0];
  const m = key ? /^content\.(JP|EN|KR|CN)\./.exec(key) : null;
  return m ? m[1]! : 'settings';
};

export function useEditorCommands(opts: {
  store: TEditorStore;
  errorStore: TEditorErrors;
  meta: TValueStore<TSiteMeta | null>;
  saver: ReturnType<typeof useSiteSaver>;
  accountId: string | undefined;
  tab: string;
  setTab: (tab: string) => void;
  setMediaUrls: Dispatch<SetStateAction<Record<string, string>>>;
  setContactReset: (pending: TSaveMode | { restore: number }) => void;
}) {
  const { store, errorStore, meta, saver, accountId, tab, setTab, setMediaUrls, setContactReset } = opts;
  const { t, i18n } = useTranslation();
  const lang = i18n.language as TUiLanguage;
  const { prefix } = useShell();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState<TSaveMode | null>(null);

  /** A new site is created by its first save, then edited at its own address. */
  const create = async (mode: TSaveMode) => {
    const doc = store.getDoc();
    const now = documentErrors(doc, lang);
    errorStore.attempt();
    if (Object.keys(now).length > 0) {
      // The errors' summary above the tabs and the fields themselves say it: no toast as well.
      errorStore.setClient(now);
      setTab(firstErrorTab(now));
      return;
    }
    setCreating(mode);
    try {
      let res = await siteEditorApi.create(doc, accountId, { toast: false });
      if (mode !== 'DRAFT')
        res = await siteEditorApi.save(
          res.data.id,
          { document: doc, mode, revision: res.data.revision },
          { toast: false },
        );
      store.markSaved(doc, store.getPages());
      errorStore.saved();
      notifySuccess(res.message ?? t('siteEditor.saved'));
      void queryClient.invalidateQueries({ queryKey: ['sites'] });
      queryClient.setQueryData(['sites', 'detail', res.data.id], res);
      navigate(`/${prefix}/site/${res.data.id}`, { replace: true, state: { tab } });
    } catch (error) {
      if (error instanceof ApiError) {
        const fields = serverErrors(error.fieldErrors);
        errorStore.setServer(fields);
        // Field errors show at their fields; anything else needs a toast.
        if (Object.keys(fields).length > 0) setTab(firstErrorTab(fields));
        else notifyError(error.message);
      } else notifyError(t('siteEditor.saveFailed'));
    } finally {
      setCreating(null);
    }
  };

  const save = async (mode: TSaveMode, confirmContactReset = false) => {
    if (!meta.get()) return create(mode);
    const outcome = await saver.save(mode, { confirmContactReset });
    if (outcome === 'saved') {
      notifySuccess(saver.lastMessage.current ?? t('siteEditor.saved'));
      void queryClient.invalidateQueries({ queryKey: ['sites'] });
    } else if (outcome === 'invalid') setTab(firstErrorTab(errorStore.all()));
    else if (outcome === 'confirm-contact-reset') setContactReset(mode);
    else if (outcome !== 'conflict') {
      // A conflict has its dialog, field errors show at their fields; anything else is a toast.
      const shown = errorStore.get();
      if (Object.keys(shown).length > 0) setTab(firstErrorTab(shown));
      else notifyError(saver.lastMessage.current ?? t('siteEditor.saveFailed'));
    }
  };

  /** History: unsaved changes are saved first, then the revision becomes the draft (undoable). */
  const restore = async (revision: number, confirmContactReset = false) => {
    if (!meta.get()) return;
    if (store.isDirty() && (await saver.save('AUTO')) !== 'saved') return;
    try {
      const { id, revision: current } = meta.get()!;
      const res = await siteEditorApi.restore(id, revision, current, {
        confirmContactReset,
      });
      store.set(res.data.document);
      store.markSaved(res.data.document, store.getPages());
      setMediaUrls((m) => ({ ...m, ...res.data.media }));
      meta.set({
        id: res.data.id,
        revision: res.data.revision,
        status: res.data.status,
        hasUnpublishedChanges: res.data.hasUnpublishedChanges,
      });
      notifySuccess(res.message ?? t('siteEditor.saved'));
      void queryClient.invalidateQueries({ queryKey: ['sites'] });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && 'confirmContactReset' in error.fieldErrors)
        setContactReset({ restore: revision });
      else notifyError(error instanceof ApiError ? error.message : t('siteEditor.saveFailed'));
    }
  };
  return { creating, save, restore };
}
