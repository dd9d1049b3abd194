import { Alert, Anchor, Badge, Group, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { ZCheckPlanResponse } from '@swipe/contracts/plans';
import type { TSiteDetail } from '@swipe/contracts/site-api';
import type { TSiteLanguage } from '@swipe/contracts/sites';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconDeviceFloppy,
  IconEyeOff,
  IconWorldUpload,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { ApiError, api } from '../../app/api-client';
import { LeaveModal, useLeaveGuard } from '../../app/leave-guard';
import { PageHeading } from '../../app/page-heading';
import { usePageTitle } from '../../app/use-page-title';
import { useShell } from '../../app/use-shell';
import { createValueStore, useValue } from '../../app/value-store';
import { useWriteAccess } from '../../app/write-access';
import { WriteButton } from '../../app/write-control';
import { EditorProvider } from './editor-context';
import { ConfirmSaveModal, ConflictModal, ContactResetModal } from './editor-dialogs';
import { createErrorStore } from './editor-errors';
import { focusRequest as requestEditorFocus } from './editor-focus';
import { EditorSiteLinks, EditorStatusLine } from './editor-header';
import { errorsUnder, newDocument } from './editor-state';
import { createEditorStore } from './editor-store';
import { EditorToolbar } from './editor-toolbar';
import { LanguagePanel } from './language-panel';
import { publishBlocked } from './publish-check';
import { SettingsPanel } from './settings-panel';
import { siteEditorApi, type TSaveMode } from './site-editor-api';
import { type TSiteMeta, useSiteSaver } from './site-saver';
import { TemplateGallery } from './template-gallery';
import { useEditorCommands } from './use-editor-commands';
import { useDocumentCheck, useEditorValue } from './use-editor-value';

/** /{prefix}/create-site and /{prefix}/site/{id}: the site editor. */
export function SiteEditorPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { prefix } = useShell();
  const [params, setParams] = useSearchParams();
  const site = useQuery({
    queryKey: ['sites', 'detail', id],
    queryFn: ({ signal }) => siteEditorApi.get(id!, { signal, toast: false }),
    enabled: Boolean(id),
  });
  usePageTitle(id ? (site.data?.data.name ?? t('siteEditor.title')) : t('siteEditor.newTitle'));
  // A new site starts from a template of the gallery, or blank (?start=blank).
  if (!id && params.get('start') !== 'blank')
    return (
      <Stack gap="lg">
        <BackToList prefix={prefix} />
        <PageHeading title={t('siteEditor.newTitle')} />
        <TemplateGallery
          onBlank={() =>
            setParams((p) => {
              p.set('start', 'blank');
              return p;
            })
          }
        />
      </Stack>
    );
  if (!id) return <Editor key="new" />;
  if (site.isPending)
    return (
      <Stack gap="md" aria-busy="true" data-testid="site-editor-loading">
        <Skeleton h={40} w="40%" />
        <Skeleton h={36} />
        <Skeleton h={320} />
      </Stack>
    );
  if (site.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle size={20} />} title={t('siteEditor.loadFailed')}>
        {site.error instanceof ApiError ? site.error.message : t('siteEditor.loadFailed')}
      </Alert>
    );
  // Keyed by the site only: saves change the revision without remounting the editor.
  return <Editor key={id} site={site.data.data} />;
}

function Editor({ site }: { site?: TSiteDetail }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as TUiLanguage;
  const { prefix } = useShell();
  const location = useLocation();
  const [params] = useSearchParams();
  const { locked, reason } = useWriteAccess();
  const accountId = site?.accountId ?? params.get('account') ?? undefined;

  // The document lives in a store, not in this component's state: an edit re-renders only what
  // shows the changed part, and a save changes nothing here but the revision (no remount).
  const [store] = useState(() => createEditorStore(site?.document ?? newDocument(t('siteEditor.newName'))));
  const [errorStore] = useState(createErrorStore);
  // The server's view of the site: a store, so an autosave's new revision re-renders only what
  // shows it.
  const [meta] = useState(() =>
    createValueStore<TSiteMeta | null>(
      site
        ? {
            id: site.id,
            revision: site.revision,
            status: site.status,
            hasUnpublishedChanges: site.hasUnpublishedChanges,
          }
        : null,
    ),
  );
  const exists = useValue(meta, (m) => m !== null);
  const status = useValue(meta, (m) => m?.status ?? 'DRAFT');
  const hasUnpublishedChanges = useValue(meta, (m) => m?.hasUnpublishedChanges ?? false);
  const [mediaUrls, setMediaUrls] = useState<Record<string, string>>(() => site?.media ?? {});
  // The tab survives saves (the editor stays mounted) and the move from create-site to the site.
  const [tab, setTab] = useState<string>(
    () => (location.state as { tab?: string } | null)?.tab ?? 'settings',
  );
  const [confirm, setConfirm] = useState<'PUBLISH' | 'PRIVATE' | null>(null);
  // A changed contact form deletes the contact submissions; the save waits for a yes.
  // A save or a restore whose contact form differs asks first (it deletes the contact submissions).
  const [contactReset, setContactReset] = useState<TSaveMode | { restore: number } | null>(null);
  const readOnly = locked || (site ? !site.editable : false);

  // Whether there are unsaved changes is read where it shows (WithDirty), and marked on the
  // editor's element for the journeys: the editor itself does not re-render when it flips.
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const mark = () => {
      const dirty = String(store.isDirty());
      if (root.current && root.current.dataset.dirty !== dirty) root.current.dataset.dirty = dirty;
    };
    mark();
    return store.subscribeSaved(mark);
  }, [store]);
  const saver = useSiteSaver({ store, errors: errorStore, meta, autosave: !readOnly, lang });
  const { creating, save, restore } = useEditorCommands({
    store,
    errorStore,
    meta,
    saver,
    accountId,
    tab,
    setTab,
    setMediaUrls,
    setContactReset,
  });
  const saving = creating ?? saver.busy;
  const conflict = useValue(saver.status, (s) => s.kind === 'conflict');

  // The rules are checked off the typing path: a moment after the last change.
  useDocumentCheck(store, errorStore, lang);

  const plan = useQuery({
    queryKey: ['check-plan'],
    queryFn: ({ signal }) => api.get('/api/check-plan', { signal, toast: false, schema: ZCheckPlanResponse }),
    staleTime: 60_000,
  });
  const maxPages =
    (plan.data?.data as { limits?: { pagesPerSite: number } } | null)?.limits?.pagesPerSite ?? null;

  const editor = useEditorValue({ store, errorStore, readOnly, mediaUrls, setMediaUrls, accountId });

  // Leaving with unsaved changes asks first: in the app, and when the tab closes.
  const blocker = useLeaveGuard(
    store.isDirty,
    ({ currentLocation, nextLocation }) =>
      store.isDirty() && !saving && currentLocation.pathname !== nextLocation.pathname,
  );

  const name = useSyncExternalStore(store.subscribe, () => store.getDoc().name);
  const languages = useSyncExternalStore(store.subscribe, () => store.getDoc().languages);
  const defaultLanguage = useSyncExternalStore(store.subscribe, () => store.getDoc().defaultLanguage);
  const errors = useSyncExternalStore(errorStore.subscribe, errorStore.get);
  const live = status === 'PUBLISH' || status === 'DOMAIN_VERIFYING';
  const errorCount = Object.keys(errors).length;
  // The pre-publish check's errors: the server refuses to publish while any is left.
  const blocked = confirm === 'PUBLISH' && publishBlocked(store.getDoc());

  /** Opens a field named by its path ('content.EN.creatives.3.imageAlt'): its tab, page and input. */
  const goTo = (path: string) => {
    setConfirm(null);
    const lang = /^content\.(JP|EN|KR|CN)\b/.exec(path)?.[1];
    setTab(lang ?? 'settings');
    requestEditorFocus(path);
  };

  /** A review comment's page: its language tab, that page selected (false: not in the draft). */
  const showCommentPage = (l: TSiteLanguage, page: string) => {
    const index = store.getDoc().content[l]?.creatives.findIndex((c) => c.coordinate === page) ?? -1;
    if (index < 0) return false;
    setTab(l);
    requestEditorFocus(`content.${l}.creatives.${index}`);
    return true;
  };

  return (
    <EditorProvider value={editor}>
      <Stack gap="lg" data-testid="site-editor" ref={root}>
        <BackToList prefix={prefix} />
        <PageHeading
          title={
            <Stack gap={4} miw={0}>
              <Text component="h1" fz={{ base: 22, sm: 26 }} fw={650} m={0} className="break-anywhere">
                {name || t('siteEditor.newTitle')}
              </Text>
              <EditorStatusLine
                status={status}
                exists={exists}
                hasUnpublishedChanges={hasUnpublishedChanges}
                url={site && live ? site.url : null}
              />
              <EditorToolbar store={store} save={exists ? saver.status : null} readOnly={readOnly} />
            </Stack>
          }
          actions={
            <>
              {site && (
                <EditorSiteLinks
                  site={site}
                  exists={exists}
                  meta={meta}
                  readOnly={readOnly}
                  onRestore={restore}
                  languages={languages}
                  defaultLanguage={defaultLanguage}
                  onShowCommentPage={showCommentPage}
                />
              )}
              {site && live && (
                <WriteButton
                  locked={readOnly}
                  reason={reason}
                  variant="default"
                  leftSection={<IconEyeOff size={18} />}
                  loading={saving === 'PRIVATE'}
                  onClick={() => setConfirm('PRIVATE')}
                  data-testid="site-unpublish"
                >
                  {t('siteEditor.makePrivate')}
                </WriteButton>
              )}
              <WriteButton
                locked={readOnly}
                reason={reason}
                variant="default"
                leftSection={<IconDeviceFloppy size={18} />}
                loading={saving === 'DRAFT'}
                disabled={saving !== null}
                onClick={() => void save('DRAFT')}
                data-testid="site-save-draft"
              >
                {t('siteEditor.saveDraft')}
              </WriteButton>
              <WriteButton
                locked={readOnly}
                reason={reason}
                leftSection={<IconWorldUpload size={18} />}
                loading={saving === 'PUBLISH'}
                disabled={saving !== null}
                onClick={() => setConfirm('PUBLISH')}
                data-testid="site-publish"
              >
                {t('siteEditor.publish')}
              </WriteButton>
            </>
          }
        />
        {errorCount > 0 && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="editor-errors">
            {t('siteEditor.errorsSummary', { count: errorCount })}
          </Alert>
        )}
        {site?.status === 'EXPIRED' && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            {t('siteEditor.expired')}
          </Alert>
        )}
        <Tabs value={tab} onChange={(v) => setTab(v ?? 'settings')} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab
              value="settings"
              rightSection={
                <Count
                  n={errorCount - languages.reduce((n, l) => n + errorsUnder(errors, `content.${l}`), 0)}
                />
              }
            >
              {t('siteEditor.tabs.settings')}
            </Tabs.Tab>
            {languages.map((l) => (
              <Tabs.Tab
                key={l}
                value={l}
                rightSection={<Count n={errorsUnder(errors, `content.${l}`)} />}
                data-testid={`tab-${l}`}
              >
                {t(`siteEditor.languages.names.${l}`)}
                {l === defaultLanguage ? ` · ${t('siteEditor.languages.defaultShort')}` : ''}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="settings" pt="lg">
            <SettingsPanel maxPages={maxPages} cnameTarget={site?.cnameTarget ?? null} />
          </Tabs.Panel>
          {languages.map((l) => (
            <Tabs.Panel key={l} value={l} pt="lg">
              <LanguagePanel lang={l} />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>

      <ConfirmSaveModal
        confirm={confirm}
        doc={store.getDoc()}
        media={site?.mediaSizes}
        blocked={blocked}
        onClose={() => setConfirm(null)}
        onConfirm={(mode) => {
          setConfirm(null);
          void save(mode);
        }}
        onGo={goTo}
      />
      <ContactResetModal
        opened={contactReset !== null}
        onClose={() => setContactReset(null)}
        onConfirm={() => {
          const pending = contactReset!;
          setContactReset(null);
          if (typeof pending === 'string') void save(pending, true);
          else void restore(pending.restore, true);
        }}
      />
      <ConflictModal
        opened={conflict}
        onReload={() => void saver.reload()}
        onOverwrite={() => void saver.overwrite()}
      />

      <LeaveModal
        blocker={blocker}
        title={t('siteEditor.leaveTitle')}
        body={t('siteEditor.leaveBody')}
        stayLabel={t('siteEditor.stay')}
        discardLabel={t('siteEditor.discard')}
        stayTestId="leave-stay"
        discardTestId="leave-discard"
      />
    </EditorProvider>
  );
}

function BackToList({ prefix }: { prefix: string }) {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={`/${prefix}/site-list`} size="sm" w="fit-content">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={14} />
        {t('siteEditor.back')}
      </Group>
    </Anchor>
  );
}

function Count({ n }: { n: number }) {
  if (n <= 0) return null;
  return (
    <Badge color="red" size="xs" circle>
      {n}
    </Badge>
  );
}
