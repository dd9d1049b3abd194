import type { TUiLanguage } from '@swipe/contracts/i18n';
import type { TSiteDocument, TSiteStatus } from '@swipe/contracts/sites';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, JsonText } from '../../app/api-client';
import { createValueStore, type TValueStore, useStoreSelector } from '../../app/value-store';
import { checkDocument } from './document-check';
import type { TEditorErrors } from './editor-errors';
import { serverErrors } from './editor-state';
import type { TEditorStore } from './editor-store';
import { siteEditorApi, type TSaveMode } from './site-editor-api';

// Saving the editor's document: the creator's Save, Publish and Make private, and the autosave
// a few seconds after the last change. One save runs at a time; whatever changed while it ran
// is saved next. A save never touches what the creator is typing: the store keeps the document,
// a save only records which state the server now holds (store.markSaved). What the autosave is
// doing and the server's view of the site are small stores of their own: the toolbar and the
// badges that show them re-render, not the editor.

export const AUTOSAVE_MS = 3_000;
/** Waits before trying again while the server cannot be reached. */
export const RETRY_MS = [5_000, 15_000, 30_000] as const;

export type TSaveState =
  /** Everything is saved (`at`: when last). */
  | { kind: 'saved'; at: Date | null }
  /** Changes wait for the autosave, or cannot be saved while the document has errors. */
  | { kind: 'pending'; invalid: boolean }
  | { kind: 'saving' }
  /** No answer from the server: tried again by itself. */
  | { kind: 'offline' }
  /** Someone else saved first: reload or overwrite (the creator decides). */
  | { kind: 'conflict' }
  /** The server refused the document (its field errors show); the next change tries again. */
  | { kind: 'refused'; message: string };

/** The server's view of the site the saver keeps up to date. */
export type TSiteMeta = {
  id: string;
  revision: number;
  status: TSiteStatus;
  hasUnpublishedChanges: boolean;
};

type TOutcome = 'saved' | 'invalid' | 'failed' | 'offline' | 'conflict' | 'confirm-contact-reset';

export function useSiteSaver(opts: {
  store: TEditorStore;
  errors: TEditorErrors;
  /** The server's view of the site (null before it exists), updated by every save. */
  meta: TValueStore<TSiteMeta | null>;
  /** Autosave only where the creator may write, on a site that exists. */
  autosave: boolean;
  lang: TUiLanguage;
}) {
  const { store, errors, lang } = opts;
  const [status] = useState(() => createValueStore<TSaveState>({ kind: 'saved', at: null }));
  const setState = status.set;
  const [busy, setBusy] = useState<TSaveMode | null>(null);
  const meta = opts.meta;
  const running = useRef<Promise<unknown>>(Promise.resolve());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const failures = useRef(0);
  /** The server's message of the last save the creator asked for ("Published." …), or its refusal. */
  const lastMessage = useRef<string | undefined>(undefined);

  /** Saves the current document now (after any save already running). */
  const save = useCallback(
    (
      mode: TSaveMode | 'AUTO',
      options: { confirmContactReset?: boolean; overwrite?: boolean } = {},
    ): Promise<TOutcome> => {
      const next = running.current.then(async (): Promise<TOutcome> => {
        const site = meta.get();
        if (!site) return 'failed';
        const doc = store.getDoc();
        const pages = store.getPages();
        if (mode === 'AUTO' && doc === store.getSaved()) return 'saved';
        // Checked and serialized in a worker (usually already, a moment after the last change).
        const { errors: problems, json } = await checkDocument(doc, lang);
        if (Object.keys(problems).length > 0) {
          errors.setClient(problems);
          if (mode !== 'AUTO') errors.attempt();
          setState({ kind: 'pending', invalid: true });
          return 'invalid';
        }
        // The autosave's work shows in the toolbar only (no busy buttons re-rendered for it).
        if (mode !== 'AUTO') setBusy(mode);
        setState({ kind: 'saving' });
        const renames = store.pendingRenames();
        const body = {
          document: new JsonText(json),
          revision: options.overwrite ? await latestRevision(site.id) : site.revision,
          ...(Object.keys(renames).length > 0 ? { pageRenames: renames } : {}),
          ...(options.confirmContactReset ? { confirmContactReset: true } : {}),
        };
        try {
          let saved: TSiteMeta;
          if (mode === 'AUTO') {
            const res = await siteEditorApi.saveDraft(site.id, body, { toast: false });
            saved = res.data;
          } else {
            const res = await siteEditorApi.save(site.id, { ...body, mode }, { toast: false });
            saved = res.data;
            lastMessage.current = res.message;
          }
          failures.current = 0;
          meta.set({
            id: site.id,
            revision: saved.revision,
            status: saved.status,
            hasUnpublishedChanges: saved.hasUnpublishedChanges,
          });
          store.markSaved(doc, pages);
          errors.saved();
          setState(
            store.getDoc() === doc ? { kind: 'saved', at: new Date() } : { kind: 'pending', invalid: false },
          );
          return 'saved';
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          if (error.kind === 'network' || error.kind === 'timeout') {
            lastMessage.current = error.message;
            setState({ kind: 'offline' });
            return 'offline';
          }
          if (error.status === 409 && 'confirmContactReset' in error.fieldErrors) {
            setState({ kind: 'pending', invalid: false });
            return 'confirm-contact-reset';
          }
          if (error.status === 409 && error.code === 'CONFLICT') {
            setState({ kind: 'conflict' });
            return 'conflict';
          }
          errors.setServer(serverErrors(error.fieldErrors));
          lastMessage.current = error.message;
          setState({ kind: 'refused', message: error.message });
          return 'failed';
        } finally {
          if (mode !== 'AUTO') setBusy(null);
        }
      });
      running.current = next.catch(() => undefined);
      return next;
    },
    [store, errors, lang, meta, setState],
  );

  // The autosave: a few seconds after the last change; while offline, again after a pause. It
  // listens to the store itself, so typing re-renders nothing here.
  const [retry, setRetry] = useState(0);
  const exists = useStoreSelector(meta.subscribe, meta.get, (m) => m !== null, Object.is);
  const autosave = opts.autosave && exists;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a retry restarts the wait
  useEffect(() => {
    if (!autosave) return;
    const schedule = () => {
      clearTimeout(timer.current);
      if (!store.isDirty()) return;
      const current = status.get().kind;
      if (current === 'conflict') return;
      if (current === 'saved' || current === 'refused') setState({ kind: 'pending', invalid: false });
      const wait =
        current === 'offline' ? RETRY_MS[Math.min(failures.current, RETRY_MS.length - 1)]! : AUTOSAVE_MS;
      timer.current = setTimeout(() => {
        void save('AUTO').then((outcome) => {
          if (outcome === 'offline') {
            failures.current++;
            setRetry((n) => n + 1);
          }
        });
      }, wait);
    };
    let last = store.getDoc();
    schedule();
    const stop = store.subscribeSaved(() => {
      // Only edits restart the wait (not a save marking the document saved). A document saved
      // by other means (a restore, their version taken after a conflict) leaves nothing pending.
      if (store.getDoc() === last) {
        if (!store.isDirty() && status.get().kind === 'pending') {
          clearTimeout(timer.current);
          setState({ kind: 'saved', at: new Date() });
        }
        return;
      }
      last = store.getDoc();
      schedule();
    });
    return () => {
      stop();
      clearTimeout(timer.current);
    };
  }, [autosave, store, save, retry, status, setState]);

  // Back online: try at once.
  useEffect(() => {
    const online = () => {
      if (status.get().kind === 'offline') void save('AUTO');
    };
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [save, status]);

  /** Conflict: keep this document and save it over the newer one. */
  const overwrite = () => {
    setState({ kind: 'pending', invalid: false });
    return save('DRAFT', { overwrite: true });
  };

  /** Conflict: take the server's document (the creator's own stays one undo away). */
  const reload = async () => {
    const site = meta.get();
    if (!site) return;
    const res = await siteEditorApi.get(site.id, { toast: false });
    const theirs: TSiteDocument = res.data.document;
    store.set(theirs);
    store.markSaved(theirs, store.getPages());
    meta.set({
      id: site.id,
      revision: res.data.revision,
      status: res.data.status,
      hasUnpublishedChanges: res.data.hasUnpublishedChanges,
    });
    setState({ kind: 'saved', at: new Date() });
    return res.data;
  };

  return { status, busy, save, overwrite, reload, lastMessage };
}

async function latestRevision(siteId: string) {
  return (await siteEditorApi.get(siteId, { toast: false })).data.revision;
}
