import { Alert, Badge, Group, Stack, Tabs, Text } from '@mantine/core';
import {
  applyVariation,
  overridesOf,
  type TExperiment,
  type TExperimentBase,
  type TVariation,
} from '@swipe/contracts/experiments';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import type { TSiteDetail } from '@swipe/contracts/site-api';
import type { TSiteDocument } from '@swipe/contracts/sites';
import { IconAlertCircle, IconDeviceFloppy, IconInfoCircle } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/api-client';
import { translateMessage } from '../../app/catalogue';
import { LeaveModal, useLeaveGuard } from '../../app/leave-guard';
import { notifyError, notifySuccess } from '../../app/notify';
import { PageHeading } from '../../app/page-heading';
import { createValueStore, useValue } from '../../app/value-store';
import { useSiteWriteAccess } from '../../app/write-access';
import { WriteButton } from '../../app/write-control';
import { EditorProvider } from '../site-editor/editor-context';
import { createErrorStore } from '../site-editor/editor-errors';
import { documentErrors } from '../site-editor/editor-state';
import { createEditorStore } from '../site-editor/editor-store';
import { EditorTabStack } from '../site-editor/editor-theme';
import { EditorToolbar } from '../site-editor/editor-toolbar';
import { rememberThumbnails } from '../site-editor/media-thumbs';
import { useDocumentCheck, useEditorValue } from '../site-editor/use-editor-value';
import { ExperimentStatusBadge } from './experiment-meta';
import {
  chosenOf,
  editorErrorsOf,
  errorsInScope,
  overridesKey,
  type TChosen,
  withBaseForms,
  withBasePage,
  withBasePopups,
} from './experiment-values';
import { experimentsApi } from './experiments-api';
import { useReplaceExperiment } from './use-experiment-actions';
import { VariationForms, VariationPopups } from './variation-extras';
import { VariationPages } from './variation-pages';

const SECTIONS = ['pages', 'popups', 'forms'] as const;
type TSection = (typeof SECTIONS)[number];
const sectionOf = (path: string): TSection =>
  path.startsWith('popupCtas') ? 'popups' : /^content\.\w+\.forms/.test(path) ? 'forms' : 'pages';

/**
 * The variation as the whole site it shows, in the site editor's store and forms (no autosave:
 * a variation is saved with its button). What it overrides is chosen per page, and for the popup
 * CTAs and the forms; a save sends only those (overridesOf).
 */
export function VariationEditor(props: {
  site: TSiteDetail;
  experiment: TExperiment;
  variation: TVariation;
  base: TExperimentBase;
}) {
  const { site, experiment, variation, base } = props;
  const { t, i18n } = useTranslation();
  const lang = i18n.language as TUiLanguage;
  const replace = useReplaceExperiment(site.id);
  const baseDoc = base.document;
  const [store] = useState(() => createEditorStore(applyVariation(baseDoc, variation.overrides)));
  const [errorStore] = useState(createErrorStore);
  const [chosen, setChosen] = useState<TChosen>(() => chosenOf(baseDoc, variation.overrides));
  const chosenRef = useRef(chosen);
  chosenRef.current = chosen;
  const savedKey = useRef(overridesKey(overridesOf(baseDoc, store.getDoc(), chosen)));
  const [dirty] = useState(() => createValueStore(false));
  const [mediaUrls, setMediaUrls] = useState<Record<string, string>>(() => {
    rememberThumbnails(base.thumbnails);
    return base.media;
  });
  const [section, setSection] = useState<TSection>('pages');
  const [saving, setSaving] = useState(false);
  const write = useSiteWriteAccess();
  // Why nothing can be changed here, if so: the base is the site, a started experiment's
  // variations are fixed, and view-only users look without changing.
  const lockReason = variation.isBase
    ? translateMessage('experiments.baseFixed', lang)
    : experiment.status !== 'DRAFT'
      ? translateMessage(experiment.status === 'ENDED' ? 'experiments.ended' : 'experiments.notDraft', lang)
      : write.locked || !site.editable
        ? write.reason || t('experiments.readOnly')
        : null;
  const readOnly = lockReason !== null;

  // Unsaved: what a save would send differs from what was saved (switching a page on and off
  // again leaves nothing to save).
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-marked when the choice changes (read through chosenRef)
  useEffect(() => {
    const mark = () =>
      dirty.set(overridesKey(overridesOf(baseDoc, store.getDoc(), chosenRef.current)) !== savedKey.current);
    mark();
    return store.subscribe(mark);
  }, [store, baseDoc, dirty, chosen]);

  // The rules are checked off the typing path, only where the variation differs from the base.
  const scope = useCallback(
    (errors: Record<string, string>, doc: TSiteDocument) => errorsInScope(errors, doc, chosen),
    [chosen],
  );
  useDocumentCheck(store, errorStore, lang, scope);

  const editor = useEditorValue({
    store,
    errorStore,
    readOnly,
    mediaUrls,
    setMediaUrls,
    accountId: site.accountId,
  });

  const choose = {
    page: (coordinate: string, on: boolean) => {
      if (!on) editor.setDoc((prev) => withBasePage(prev, baseDoc, coordinate));
      setChosen((c) => ({
        ...c,
        pages: on ? [...new Set([...c.pages, coordinate])] : c.pages.filter((p) => p !== coordinate),
      }));
    },
    popupCtas: (on: boolean) => {
      if (!on) editor.setDoc((prev) => withBasePopups(prev, baseDoc));
      setChosen((c) => ({ ...c, popupCtas: on }));
    },
    forms: (on: boolean) => {
      if (!on) editor.setDoc((prev) => withBaseForms(prev, baseDoc));
      setChosen((c) => ({ ...c, forms: on }));
    },
  };

  const save = async () => {
    const doc = store.getDoc();
    const now = chosenRef.current;
    const problems = errorsInScope(documentErrors(doc, lang), doc, now);
    errorStore.setClient(problems);
    errorStore.attempt();
    const first = Object.keys(problems)[0];
    if (first) return setSection(sectionOf(first));
    const overrides = overridesOf(baseDoc, doc, now);
    setSaving(true);
    try {
      const res = await experimentsApi.updateVariation(
        site.id,
        experiment.id,
        variation.id,
        { overrides },
        { toast: false },
      );
      replace(res.data);
      store.markSaved(doc, store.getPages());
      errorStore.saved();
      savedKey.current = overridesKey(overrides);
      dirty.set(overridesKey(overridesOf(baseDoc, store.getDoc(), chosenRef.current)) !== savedKey.current);
      notifySuccess(res.message ?? translateMessage('experiments.variationSaved', lang));
    } catch (error) {
      if (!(error instanceof ApiError)) return notifyError(t('experiments.saveFailed'));
      const { fields, other } = editorErrorsOf(error.fieldErrors, overrides, doc);
      errorStore.setServer(fields);
      const at = Object.keys(fields)[0];
      if (at) setSection(sectionOf(at));
      if (!at || other.length > 0) notifyError(other[0] ?? error.message);
    } finally {
      setSaving(false);
    }
  };

  const blocker = useLeaveGuard(
    dirty.get,
    ({ currentLocation, nextLocation }) =>
      dirty.get() && !saving && currentLocation.pathname !== nextLocation.pathname,
  );
  const isDirty = useValue(dirty);
  const errors = useSyncExternalStore(errorStore.subscribe, errorStore.get);
  const errorCount = Object.keys(errors).length;
  // How many things of each tab the variation overrides.
  const overridden: Record<TSection, number> = {
    pages: chosen.pages.length,
    popups: chosen.popupCtas ? 1 : 0,
    forms: chosen.forms ? 1 : 0,
  };

  return (
    <EditorProvider value={editor}>
      <Stack gap="lg" data-testid="variation-editor" data-dirty={isDirty} data-read-only={readOnly}>
        <PageHeading
          title={
            <Stack gap={4} miw={0}>
              <Text component="h1" fz={{ base: 22, sm: 26 }} fw={650} m={0} className="break-anywhere">
                {t('experiments.editor.title', { name: variation.name })}
              </Text>
              <Group gap={6} wrap="wrap">
                <ExperimentStatusBadge status={experiment.status} />
                <Text size="sm" c="dimmed" className="break-anywhere">
                  {t('experiments.editor.subtitle', { experiment: experiment.name, site: site.name })}
                </Text>
                {isDirty && (
                  <Badge color="yellow.4" variant="filled" autoContrast data-testid="variation-unsaved">
                    {t('experiments.editor.unsaved')}
                  </Badge>
                )}
              </Group>
              <EditorToolbar store={store} save={null} readOnly={readOnly} />
            </Stack>
          }
          actions={
            <WriteButton
              locked={readOnly}
              reason={lockReason ?? ''}
              leftSection={<IconDeviceFloppy size={18} />}
              loading={saving}
              onClick={() => void save()}
              data-testid="variation-save"
            >
              {t('experiments.editor.save')}
            </WriteButton>
          }
        />
        {readOnly ? (
          <Alert
            color="gray"
            variant="light"
            icon={<IconInfoCircle size={18} />}
            data-testid="variation-read-only"
          >
            {lockReason}
          </Alert>
        ) : (
          <Text size="sm" c="dimmed" maw={760}>
            {t('experiments.editor.intro')}
          </Text>
        )}
        {errorCount > 0 && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            data-testid="variation-errors"
          >
            {t('experiments.editor.errorsSummary', { count: errorCount })}
          </Alert>
        )}
        <Tabs value={section} onChange={(v) => setSection((v as TSection) ?? 'pages')} keepMounted={false}>
          <Tabs.List>
            {SECTIONS.map((value) => (
              <Tabs.Tab
                key={value}
                value={value}
                rightSection={<On n={overridden[value]} />}
                data-testid={`variation-tab-${value}`}
              >
                {t(`experiments.editor.tabs.${value}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="pages" pt="lg">
            <EditorTabStack gap="lg">
              <VariationPages chosen={chosen.pages} onChoose={choose.page} />
            </EditorTabStack>
          </Tabs.Panel>
          <Tabs.Panel value="popups" pt="lg">
            <EditorTabStack gap="lg">
              <VariationPopups on={chosen.popupCtas} onChoose={choose.popupCtas} />
            </EditorTabStack>
          </Tabs.Panel>
          <Tabs.Panel value="forms" pt="lg">
            <EditorTabStack gap="lg">
              <VariationForms on={chosen.forms} onChoose={choose.forms} />
            </EditorTabStack>
          </Tabs.Panel>
        </Tabs>
      </Stack>
      <LeaveModal
        blocker={blocker}
        title={t('experiments.editor.leaveTitle')}
        body={t('experiments.editor.leaveBody')}
        stayLabel={t('experiments.editor.stay')}
        discardLabel={t('experiments.editor.discard')}
        stayTestId="leave-stay"
        discardTestId="leave-discard"
        focusStay
      />
    </EditorProvider>
  );
}

/** How many things of a tab the variation overrides. */
function On({ n }: { n: number }) {
  if (n <= 0) return null;
  return (
    <Badge size="sm" variant="light" color="brand" c="brand.9" circle>
      {n}
    </Badge>
  );
}
