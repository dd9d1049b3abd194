import { Anchor, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { INTERNAL_TARGETS, LINK_KINDS, type TLink } from '@swipe/contracts/sites';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useShell } from '../../app/use-shell';
import { surveyKeys, surveysApi } from '../surveys/surveys-api';
import { type TPath, useEditor, useField } from './editor-context';
import { setIn } from './editor-state';

/**
 * Where a button leads: nowhere, a visitor page of the site (contact, form, membership), a URL,
 * or one of the site's surveys.
 */
export function LinkField({ path, label }: { path: TPath; label: string }) {
  const { t } = useTranslation();
  const { setDoc, flags } = useEditor();
  const kind = useField<TLink['kind']>([...path, 'kind']);
  const target = useField<TLink['internalTarget']>([...path, 'internalTarget'], (e) => {
    const v = (e as { currentTarget: { value: string } }).currentTarget.value;
    return (v || null) as TLink['internalTarget'];
  });
  const url = useField([...path, 'url']);
  const kinds = LINK_KINDS;
  const setKind = (next: TLink['kind']) =>
    setDoc((prev) => {
      let doc = setIn(prev, [...path, 'kind'], next);
      if (next === 'INTERNAL') doc = setIn(doc, [...path, 'internalTarget'], 'MEMBERSHIP');
      return doc;
    });
  return (
    <Group grow align="flex-start" gap="sm" wrap="wrap">
      <NativeSelect
        label={label}
        value={kind.value}
        disabled={kind.disabled}
        onChange={(e) => setKind(e.currentTarget.value as TLink['kind'])}
        data={kinds.map((k) => ({ value: k, label: t(`siteEditor.link.kind.${k}`) }))}
        style={{ minWidth: 160 }}
        data-testid="link-kind"
      />
      {kind.value === 'INTERNAL' && (
        <NativeSelect
          label={t('siteEditor.link.target')}
          {...target}
          value={target.value ?? ''}
          data={INTERNAL_TARGETS.map((k) => ({
            value: k,
            label: t(`siteEditor.link.targets.${k}`),
            // Contact and homepage forms are a plan feature.
            disabled: k !== 'MEMBERSHIP' && !flags.settingFormContact,
          }))}
          description={flags.settingFormContact ? undefined : t('siteEditor.plan.noForms')}
        />
      )}
      {kind.value === 'EXTERNAL' && (
        <TextInput label={t('siteEditor.link.url')} placeholder="https://" {...url} maxLength={256} />
      )}
      {kind.value === 'SURVEY' && <SurveySelect path={path} />}
    </Group>
  );
}

/** The site's surveys to choose from (a new, unsaved site has none yet: it says how to get one). */
function SurveySelect({ path }: { path: TPath }) {
  const { t } = useTranslation();
  const { prefix } = useShell();
  const { id: siteId } = useParams();
  const survey = useField<TLink['surveyId']>([...path, 'surveyId'], (e) => {
    const v = (e as { currentTarget: { value: string } }).currentTarget.value;
    return v || null;
  });
  const list = useQuery({
    queryKey: surveyKeys.list(siteId ?? ''),
    queryFn: ({ signal }) => surveysApi.list(siteId!, { signal, toast: false }),
    enabled: Boolean(siteId),
  });
  const manage = siteId && (
    <Anchor component={Link} to={`/${prefix}/site-survey/${encodeURIComponent(siteId)}`} size="xs">
      {t('surveys.link.manage')}
    </Anchor>
  );
  if (!siteId)
    return (
      <Text size="sm" c="dimmed" pt={{ base: 0, sm: 28 }} data-testid="link-survey-unsaved">
        {t('surveys.link.unsaved')}
      </Text>
    );
  const surveys = list.data?.data ?? [];
  const missing = Boolean(survey.value) && list.isSuccess && !surveys.some((s) => s.id === survey.value);
  const empty = list.isSuccess && surveys.length === 0;
  return (
    <Stack gap={4}>
      <NativeSelect
        label={t('surveys.link.survey')}
        {...survey}
        value={survey.value ?? ''}
        disabled={survey.disabled || list.isPending || empty}
        error={survey.error ?? (missing ? t('surveys.link.missing') : undefined)}
        description={list.isPending ? t('surveys.link.loading') : empty ? t('surveys.link.none') : undefined}
        data={[
          { value: '', label: t('surveys.link.placeholder') },
          ...surveys.map((s) => ({
            value: s.id,
            label: s.isOpen ? s.name : `${s.name} (${t('surveys.link.closed')})`,
          })),
        ]}
        data-testid="link-survey"
      />
      {manage}
    </Stack>
  );
}
