import { Card, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import type { TSiteLanguage } from '@swipe/contracts/sites';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/api-client';
import { DetailGate } from '../../app/detail-states';
import { createDocStore, useDocDirty, useDocSelector } from '../../app/doc-store';
import { EditorBar, SaveButton } from '../../app/editor-bar';
import { LeaveModal, useLeaveGuard } from '../../app/leave-guard';
import { notifyError, notifySuccess } from '../../app/notify';
import { UndoRedo } from '../../app/undo-redo';
import {
  draftErrors,
  draftOf,
  emptyDraft,
  forSave,
  languagesWithErrors,
  type TSurveyDraft,
} from './survey-draft';
import { SurveyLanguageTabs } from './survey-language-tabs';
import { surveyKeys, surveysApi } from './surveys-api';

type TSite = { id: string; languages: TSiteLanguage[]; defaultLanguage: TSiteLanguage };
type TLock = { locked: boolean; reason: string };

const whole = (d: TSurveyDraft) => d;

/**
 * Builds or edits one survey: settings, then the texts of the active language (one tab per
 * site language) with the questions and their options. The structure (required, several
 * answers, points, order) is the same in every language. Checked with the contracts' rules as
 * you type once a save was tried; every edit can be undone; leaving with unsaved changes asks
 * first.
 */
export function SurveyBuilder({
  site,
  surveyId,
  write,
  onDone,
}: {
  site: TSite;
  /** null: a new survey. */
  surveyId: string | null;
  write: TLock;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const existing = useQuery({
    queryKey: surveyKeys.detail(surveyId ?? ''),
    queryFn: ({ signal }) => surveysApi.get(surveyId!, { signal, toast: false }),
    enabled: surveyId !== null,
    retry: false,
  });
  return (
    <DetailGate
      id={surveyId}
      query={existing}
      loadingTestId="survey-builder-loading"
      heights={[120, 320]}
      missingTestId="survey-not-found"
      message={t('surveys.builder.notFound')}
      backLabel={t('surveys.builder.back')}
      onBack={onDone}
    >
      <BuilderForm
        key={surveyId ?? 'new'}
        site={site}
        surveyId={surveyId}
        initial={existing.data ? draftOf(existing.data.data) : emptyDraft()}
        write={write}
        onDone={onDone}
      />
    </DetailGate>
  );
}

function BuilderForm({
  site,
  surveyId,
  initial,
  write,
  onDone,
}: {
  site: TSite;
  surveyId: string | null;
  initial: TSurveyDraft;
  write: TLock;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as TUiLanguage;
  const queryClient = useQueryClient();
  const [store] = useState(() =>
    createDocStore(initial, { sameSaved: (a, b) => JSON.stringify(a) === JSON.stringify(b) }),
  );
  const draft = useDocSelector(store, whole);
  const dirty = useDocDirty(store);
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [tab, setTab] = useState<TSiteLanguage>(site.defaultLanguage);
  const readOnly = write.locked;

  const clientErrors = useMemo(
    () => (tried ? draftErrors(draft, site, lang) : {}),
    [tried, draft, site, lang],
  );
  const errors = { ...serverErrors, ...clientErrors };
  const errorLanguages = languagesWithErrors(errors);

  /** Every edit, on a copy of the draft: edits of one `field` in a row are one undo step. */
  const update = (fn: (d: TSurveyDraft) => TSurveyDraft, field?: string) => {
    if (readOnly) return;
    setServerErrors({});
    store.set((d) => fn(structuredClone(d)), { coalesce: field });
  };

  const save = useMutation({
    mutationFn: async () => {
      const body = forSave(draft, site.languages);
      return surveyId
        ? surveysApi.save(surveyId, body, { toast: false })
        : surveysApi.create(site.id, body, { toast: false });
    },
    onSuccess: (res) => {
      notifySuccess(res.message ?? t('surveys.builder.save'));
      store.markSaved(draft);
      void queryClient.invalidateQueries({ queryKey: surveyKeys.all });
      queryClient.setQueryData(surveyKeys.detail(res.data.id), res);
      // Let the blocker see the saved state before leaving.
      setTimeout(onDone, 0);
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        setServerErrors(error.fieldErrors);
        notifyError(error.message);
      } else notifyError(error instanceof ApiError ? error.message : t('surveys.loadFailed'));
    },
  });

  const submit = () => {
    setTried(true);
    const now = draftErrors(draft, site, lang);
    const count = Object.keys(now).length;
    if (count > 0) {
      notifyError(t('surveys.builder.fixErrors', { count }));
      const first = languagesWithErrors(now);
      if (first.size > 0 && !first.has(tab)) setTab([...first][0]!);
      return;
    }
    save.mutate();
  };

  // Leaving with unsaved changes asks first: in the app (another page or view), and when the tab closes.
  const blocker = useLeaveGuard(
    dirty,
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !save.isPending &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  const saveButton = { write, saving: save.isPending, onSave: submit, label: t('surveys.builder.save') };

  return (
    <Stack gap="lg" data-testid="survey-builder">
      <EditorBar
        backLabel={t('surveys.builder.back')}
        onBack={onDone}
        backTestId="survey-builder-back"
        tools={<UndoRedo store={store} readOnly={readOnly} testIdPrefix="survey" />}
        save={{ ...saveButton, testId: 'survey-save' }}
      />

      <Card p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Text fw={650} component="h2" m={0} fz="lg">
            {surveyId ? t('surveys.builder.editTitle') : t('surveys.builder.newTitle')}
          </Text>
          <TextInput
            label={t('surveys.builder.name')}
            value={draft.name}
            onChange={(e) => {
              const v = e.currentTarget.value;
              update((d) => ({ ...d, name: v }), 'name');
            }}
            error={errors.name}
            disabled={readOnly}
            maxLength={64}
            withAsterisk
            data-testid="survey-name"
          />
          <Group gap="xl" align="flex-start" wrap="wrap">
            <Switch
              label={t('surveys.builder.open')}
              description={t('surveys.builder.openHint')}
              checked={draft.isOpen}
              onChange={(e) => {
                const v = e.currentTarget.checked;
                update((d) => ({ ...d, isOpen: v }));
              }}
              disabled={readOnly}
              style={{ flex: '1 1 240px' }}
              data-testid="survey-open"
            />
            <Switch
              label={t('surveys.builder.allowMultiple')}
              description={t('surveys.builder.allowMultipleHint')}
              checked={draft.allowMultiple}
              onChange={(e) => {
                const v = e.currentTarget.checked;
                update((d) => ({ ...d, allowMultiple: v }));
              }}
              disabled={readOnly}
              style={{ flex: '1 1 240px' }}
              data-testid="survey-allow-multiple"
            />
          </Group>
        </Stack>
      </Card>

      <SurveyLanguageTabs
        site={site}
        draft={draft}
        tab={tab}
        onTab={setTab}
        errors={errors}
        errorLanguages={errorLanguages}
        readOnly={readOnly}
        update={update}
      />

      <Group justify="flex-end">
        <SaveButton {...saveButton} testId="survey-save-bottom" />
      </Group>

      <LeaveModal
        blocker={blocker}
        title={t('surveys.builder.leaveTitle')}
        body={t('surveys.builder.leaveBody')}
        stayLabel={t('surveys.builder.stay')}
        discardLabel={t('surveys.builder.discard')}
        stayTestId="survey-leave-stay"
        discardTestId="survey-leave-discard"
      />
    </Stack>
  );
}
