import { Alert, Anchor, Badge, Button, Group, List, Modal, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { ZCheckPlanResponse } from '@swipe/contracts/plans';
import type { TSiteDetail } from '@swipe/contracts/site-api';
import type { TSiteDocument } from '@swipe/contracts/sites';
import { contactFormChanged } from '@swipe/contracts/visitor-forms';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconDeviceFloppy,
  IconExternalLink,
  IconEyeOff,
  IconWorldUpload,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useBlocker, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError, api } from '../../app/api-client';
import { notifyError, notifySuccess } from '../../app/notify';
import { PageHeading } from '../../app/page-heading';
import { usePageTitle } from '../../app/use-page-title';
import { useShell } from '../../app/use-shell';
import { useWriteAccess } from '../../app/write-access';
import { WriteButton } from '../../app/write-control';
import { CampaignsLinkButton } from '../campaigns/campaigns-link';
import { NotificationsLinkButton } from '../communications/notifications-link';
import { SharePreviewButton } from '../preview-share/share-preview';
import { DraftPreviewButton } from './draft-preview';
import { EditorProvider, type TEditor } from './editor-context';
import { documentErrors, errorsUnder, newDocument, serverErrors, shownErrors } from './editor-state';
import { LanguagePanel } from './language-panel';
import { emptyLanguages } from './publish-check';
import { SettingsPanel } from './settings-panel';
import { siteEditorApi, type TSaveMode } from './site-editor-api';

const STATUS_COLOURS: Record<string, string> = {
  DRAFT: 'gray',
  PUBLISH: 'teal',
  PRIVATE: 'orange',
  DOMAIN_VERIFYING: 'blue',
  EXPIRED: 'red',
};

/** /{prefix}/create-site and /{prefix}/site/{id}: the site editor. */
export function SiteEditorPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const site = useQuery({
    queryKey: ['sites', 'detail', id],
    queryFn: ({ signal }) => siteEditorApi.get(id!, { signal, toast: false }),
    enabled: Boolean(id),
  });
  usePageTitle(id ? (site.data?.data.name ?? t('siteEditor.title')) : t('siteEditor.newTitle'));
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
  return <Editor key={`${id}:${site.data.data.revision}`} site={site.data.data} />;
}

function Editor({ site }: { site?: TSiteDetail }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as TUiLanguage;
  const { user, prefix } = useShell();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const { locked, reason } = useWriteAccess();
  const accountId = site?.accountId ?? params.get('account') ?? undefined;

  const initial = useMemo(() => site?.document ?? newDocument(t('siteEditor.newName')), [site, t]);
  const [doc, setDocState] = useState<TSiteDocument>(initial);
  const [savedJson, setSavedJson] = useState(() => JSON.stringify(initial));
  const [serverErrs, setServerErrs] = useState<Record<string, string>>({});
  const [mediaUrls, setMediaUrls] = useState<Record<string, string>>(() => site?.media ?? {});
  const [tab, setTab] = useState<string>('settings');
  const [saving, setSaving] = useState<TSaveMode | null>(null);
  const [confirm, setConfirm] = useState<'PUBLISH' | 'PRIVATE' | null>(null);
  // A changed contact form deletes the contact submissions; the save waits for a yes.
  const [contactReset, setContactReset] = useState<TSaveMode | null>(null);

  const dirty = useMemo(() => JSON.stringify(doc) !== savedJson, [doc, savedJson]);
  // Checking a large document on every keystroke would make typing lag: check the settled one.
  const settled = useDeferredValue(doc);
  // A field is red only once the creator changed it, or after a save or publish was attempted.
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [attempted, setAttempted] = useState(false);
  const clientErrors = useMemo(
    () => shownErrors(documentErrors(settled, lang), touched, attempted),
    [settled, lang, touched, attempted],
  );
  const errors = useMemo(() => ({ ...clientErrors, ...serverErrs }), [clientErrors, serverErrs]);
  const readOnly = locked || (site ? !site.editable : false);

  const plan = useQuery({
    queryKey: ['check-plan'],
    queryFn: ({ signal }) => api.get('/api/check-plan', { signal, toast: false, schema: ZCheckPlanResponse }),
    staleTime: 60_000,
  });
  const maxPages =
    (plan.data?.data as { limits?: { pagesPerSite: number } } | null)?.limits?.pagesPerSite ?? null;

  const editor: TEditor = {
    doc,
    setDoc: (next) => {
      setServerErrs({});
      setDocState(next);
    },
    errors,
    touch: (path) => setTouched((prev) => (prev.has(path) ? prev : new Set(prev).add(path))),
    readOnly,
    flags: user.planFlags,
    mediaUrls,
    addMediaUrl: (assetId, url) => setMediaUrls((m) => ({ ...m, [assetId]: url })),
    accountId,
    renamePages: () => {},
  };

  // Leaving with unsaved changes asks first: in the app, and when the tab closes.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !saving && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const firstErrorTab = (errs: Record<string, string>) => {
    const key = Object.keys(errs)[0];
    const m = key ? /^content\.(JP|EN|KR|CN)\./.exec(key) : null;
    return m ? m[1]! : 'settings';
  };

  const save = async (mode: TSaveMode, confirmContactReset = false) => {
    const now = documentErrors(doc, lang);
    setAttempted(true);
    if (Object.keys(now).length > 0) {
      notifyError(t('siteEditor.fixErrors', { count: Object.keys(now).length }));
      setTab(firstErrorTab(now));
      return;
    }
    // The contact form differs from the saved one: ask first (nothing is sent until confirmed).
    if (site && !confirmContactReset && contactFormChanged(JSON.parse(savedJson) as TSiteDocument, doc)) {
      setContactReset(mode);
      return;
    }
    setSaving(mode);
    try {
      let res = site
        ? await siteEditorApi.save(
            site.id,
            {
              document: doc,
              mode,
              revision: site.revision,
              ...(confirmContactReset ? { confirmContactReset: true } : {}),
            },
            { toast: false },
          )
        : await siteEditorApi.create(doc, accountId, { toast: false });
      if (!site && mode !== 'DRAFT')
        res = await siteEditorApi.save(
          res.data.id,
          { document: doc, mode, revision: res.data.revision },
          { toast: false },
        );
      notifySuccess(res.message ?? t('siteEditor.saved'));
      setSavedJson(JSON.stringify(doc));
      // What was saved is valid: a field added afterwards is red only once touched again.
      setAttempted(false);
      setTouched(new Set());
      void queryClient.invalidateQueries({ queryKey: ['sites'] });
      queryClient.setQueryData(['sites', 'detail', res.data.id], res);
      if (!site) navigate(`/${prefix}/site/${res.data.id}`, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && 'confirmContactReset' in error.fieldErrors) {
        // The server saw a contact form change with submissions this editor did not: ask now.
        setContactReset(mode);
      } else if (error instanceof ApiError) {
        const fields = serverErrors(error.fieldErrors);
        setServerErrs(fields);
        if (Object.keys(fields).length > 0) setTab(firstErrorTab(fields));
        notifyError(error.message);
      } else notifyError(t('siteEditor.saveFailed'));
    } finally {
      setSaving(null);
    }
  };

  const status = site?.status ?? 'DRAFT';
  const live = status === 'PUBLISH' || status === 'DOMAIN_VERIFYING';
  const errorCount = Object.keys(errors).length;
  // Named in the publish confirmation: the server refuses to publish while any is left.
  const emptyLangs = confirm === 'PUBLISH' ? emptyLanguages(doc) : [];

  return (
    <EditorProvider value={editor}>
      <Stack gap="lg" data-testid="site-editor" data-dirty={dirty}>
        <Anchor component={Link} to={`/${prefix}/site-list`} size="sm" w="fit-content">
          <Group gap={4} component="span" wrap="nowrap">
            <IconArrowLeft size={14} />
            {t('siteEditor.back')}
          </Group>
        </Anchor>
        <PageHeading
          title={
            <Stack gap={4} miw={0}>
              <Text component="h1" fz={{ base: 22, sm: 26 }} fw={650} m={0} className="break-anywhere">
                {doc.name || t('siteEditor.newTitle')}
              </Text>
              <Group gap={6}>
                <Badge color={STATUS_COLOURS[status]} variant="light" data-testid="site-status">
                  {t(`siteEditor.status.${status}`)}
                </Badge>
                {dirty && (
                  <Badge color="yellow.4" variant="filled" autoContrast>
                    {t('siteEditor.unsaved')}
                  </Badge>
                )}
                {!dirty && site?.hasUnpublishedChanges && (
                  <Badge color="grape" variant="light">
                    {t('siteEditor.unpublishedChanges')}
                  </Badge>
                )}
                {site && live && (
                  <Anchor href={site.url} target="_blank" rel="noopener" size="sm">
                    <Group gap={4} component="span">
                      {site.url}
                      <IconExternalLink size={14} />
                    </Group>
                  </Anchor>
                )}
              </Group>
            </Stack>
          }
          actions={
            <>
              {site && <SharePreviewButton siteId={site.id} siteName={site.name} unsaved={dirty} />}
              {site && <CampaignsLinkButton siteId={site.id} />}
              {site && <NotificationsLinkButton siteId={site.id} />}
              {site && (
                <DraftPreviewButton
                  siteId={site.id}
                  languages={site.document.languages}
                  defaultLanguage={site.document.defaultLanguage}
                  dirty={dirty}
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
                  n={errorCount - doc.languages.reduce((n, l) => n + errorsUnder(errors, `content.${l}`), 0)}
                />
              }
            >
              {t('siteEditor.tabs.settings')}
            </Tabs.Tab>
            {doc.languages.map((l) => (
              <Tabs.Tab
                key={l}
                value={l}
                rightSection={<Count n={errorsUnder(errors, `content.${l}`)} />}
                data-testid={`tab-${l}`}
              >
                {t(`siteEditor.languages.names.${l}`)}
                {l === doc.defaultLanguage ? ` · ${t('siteEditor.languages.defaultShort')}` : ''}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="settings" pt="lg">
            <SettingsPanel maxPages={maxPages} cnameTarget={site?.cnameTarget ?? null} />
          </Tabs.Panel>
          {doc.languages.map((l) => (
            <Tabs.Panel key={l} value={l} pt="lg">
              <LanguagePanel lang={l} />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>

      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        centered
        title={
          confirm === 'PRIVATE' ? t('siteEditor.confirmPrivateTitle') : t('siteEditor.confirmPublishTitle')
        }
      >
        <Stack gap="md">
          <Text size="sm">
            {confirm === 'PRIVATE' ? t('siteEditor.confirmPrivateBody') : t('siteEditor.confirmPublishBody')}
          </Text>
          {emptyLangs.length > 0 && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} />}
              data-testid="publish-empty-languages"
            >
              <Stack gap={6}>
                <Text size="sm">{t('siteEditor.confirmPublishEmpty', { count: emptyLangs.length })}</Text>
                <List size="sm" spacing={2}>
                  {emptyLangs.map((l) => (
                    <List.Item key={l} data-testid={`publish-empty-${l}`}>
                      {t(`siteEditor.languages.names.${l}`)}
                    </List.Item>
                  ))}
                </List>
                <Text size="sm">{t('siteEditor.confirmPublishEmptyRefused')}</Text>
              </Stack>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>
              {t('siteEditor.cancel')}
            </Button>
            {emptyLangs[0] && (
              <Button
                variant="light"
                onClick={() => {
                  setTab(emptyLangs[0]!);
                  setConfirm(null);
                }}
                data-testid="publish-open-empty"
              >
                {t('siteEditor.confirmPublishOpenTab', {
                  language: t(`siteEditor.languages.names.${emptyLangs[0]}`),
                })}
              </Button>
            )}
            <Button
              color={confirm === 'PRIVATE' ? 'orange' : undefined}
              disabled={emptyLangs.length > 0}
              onClick={() => {
                const mode = confirm!;
                setConfirm(null);
                void save(mode);
              }}
              data-testid="confirm-save"
            >
              {confirm === 'PRIVATE' ? t('siteEditor.makePrivate') : t('siteEditor.publish')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal
        opened={contactReset !== null}
        onClose={() => setContactReset(null)}
        centered
        title={t('siteEditor.contactReset.title')}
      >
        <Stack gap="md" data-testid="contact-reset-dialog">
          <Text size="sm">{t('siteEditor.contactReset.body')}</Text>
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => setContactReset(null)}
              data-testid="contact-reset-cancel"
            >
              {t('siteEditor.cancel')}
            </Button>
            <Button
              color="red"
              onClick={() => {
                const mode = contactReset!;
                setContactReset(null);
                void save(mode, true);
              }}
              data-testid="contact-reset-confirm"
            >
              {t('siteEditor.contactReset.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal
        opened={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        centered
        title={t('siteEditor.leaveTitle')}
      >
        <Stack gap="md">
          <Text size="sm">{t('siteEditor.leaveBody')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => blocker.reset?.()} data-testid="leave-stay">
              {t('siteEditor.stay')}
            </Button>
            <Button color="red" onClick={() => blocker.proceed?.()} data-testid="leave-discard">
              {t('siteEditor.discard')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </EditorProvider>
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
