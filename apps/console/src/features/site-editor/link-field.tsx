import { Anchor, Group, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { gridCoordinates } from '@swipe/contracts/site-grid-rules';
import {
  INTERNAL_TARGETS,
  LINK_KINDS,
  LINK_SCRIPT_MAX,
  loadScriptRules,
  POPUP_KINDS,
  scriptProblem,
  scriptRulesLoaded,
  type TLink,
  type TLinkKind,
  type TPopupKind,
  type TSiteDocument,
} from '@swipe/contracts/sites';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { translateMessage } from '../../app/catalogue';
import { useShell } from '../../app/use-shell';
import { surveyKeys, surveysApi } from '../surveys/surveys-api';
import { type TPath, useDocSelector, useEditorTools, useField } from './editor-context';
import { setIn } from './editor-state';
import { growing } from './editor-theme';

/**
 * Where a button leads (its link type): nowhere, a visitor page of the site (contact, form,
 * membership), a URL, one of the site's surveys, another page of the grid, the popup CTA, or a
 * script it runs. `kinds` narrows the choice (a popup's own button cannot open a popup).
 */
export function LinkField({
  path,
  label,
  kinds = LINK_KINDS,
}: {
  path: TPath;
  label: string;
  kinds?: readonly TLinkKind[];
}) {
  const { t } = useTranslation();
  const { setDoc, flags, touch } = useEditorTools();
  const kind = useField<TLink['kind']>([...path, 'kind']);
  const target = useField<TLink['internalTarget']>([...path, 'internalTarget'], (e) => {
    const v = (e as { currentTarget: { value: string } }).currentTarget.value;
    return (v || null) as TLink['internalTarget'];
  });
  const url = useField([...path, 'url']);
  const setKind = (next: TLink['kind']) => {
    touch([...path, 'kind'].join('.'));
    setDoc((prev) => {
      let doc = setIn(prev, [...path, 'kind'], next);
      if (next === 'INTERNAL') doc = setIn(doc, [...path, 'internalTarget'], 'MEMBERSHIP');
      // The only popup that is on is the one a new popup button opens.
      const on = POPUP_KINDS.filter((k) => prev.popupCtas[k].enabled);
      if (next === 'POPUP_CTA_TRANSITION' && on.length === 1) doc = setIn(doc, [...path, 'popup'], on[0]);
      return doc;
    });
  };
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
        data-path={kind['data-path']}
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
      {kind.value === 'CREATIVE_BLOCK' && <PageSelect path={path} />}
      {kind.value === 'POPUP_CTA_TRANSITION' && <PopupSelect path={path} />}
      {kind.value === 'SCRIPT' && <ScriptInput path={path} />}
    </Group>
  );
}

const gridSize = (doc: TSiteDocument) => `${doc.numberVertical}x${doc.numberHorizontal}`;
const nullIfEmpty = (e: unknown) => (e as { currentTarget: { value: string } }).currentTarget.value || null;

/** The page of the grid the button jumps to (its coordinate, e.g. C2). */
function PageSelect({ path }: { path: TPath }) {
  const { t } = useTranslation();
  const page = useField<TLink['page']>([...path, 'page'], nullIfEmpty);
  const size = useDocSelector(gridSize);
  const pages = useMemo(() => {
    const [rows, columns] = size.split('x').map(Number) as [number, number];
    return rows >= 1 && columns >= 1 ? gridCoordinates(rows, columns) : [];
  }, [size]);
  return (
    <NativeSelect
      label={t('siteEditor.link.page')}
      {...page}
      value={page.value ?? ''}
      data={[
        { value: '', label: t('siteEditor.link.pagePlaceholder') },
        // A page no longer on the grid stays shown (its error says so) until another is chosen.
        ...(page.value && !pages.includes(page.value) ? [page.value] : []),
        ...pages,
      ]}
      data-testid="link-page"
    />
  );
}

const popupsOn = (doc: TSiteDocument) =>
  POPUP_KINDS.map((k) => (doc.popupCtas[k].enabled ? '1' : '0')).join('');

/** Which of the site's two popup CTAs the button opens; one that is off is marked so. */
function PopupSelect({ path }: { path: TPath }) {
  const { t } = useTranslation();
  const { flags } = useEditorTools();
  const popup = useField<TPopupKind | null>([...path, 'popup'], (e) => nullIfEmpty(e) as TPopupKind | null);
  const on = useDocSelector(popupsOn);
  return (
    <NativeSelect
      label={t('siteEditor.link.popup')}
      {...popup}
      value={popup.value ?? ''}
      data={[
        { value: '', label: t('siteEditor.link.popupPlaceholder') },
        ...POPUP_KINDS.map((k, i) => {
          const name = t(`siteEditor.popup.kinds.${k}`);
          return { value: k, label: on[i] === '1' ? name : t('siteEditor.link.popupOff', { name }) };
        }),
      ]}
      description={flags.settingPopupCta ? t('siteEditor.link.popupHint') : t('siteEditor.plan.noPopup')}
      data-testid="link-popup"
    />
  );
}

/**
 * The button's custom script. It runs only if it parses, so a script that does not is
 * refused with where it breaks, said as it is typed. The parser loads when this field first
 * shows (not with the editor); the document's own check says the same once it has loaded.
 */
function ScriptInput({ path }: { path: TPath }) {
  const { t, i18n } = useTranslation();
  const script = useField([...path, 'script']);
  const [loaded, setLoaded] = useState(scriptRulesLoaded);
  const [typed, setTyped] = useState(false);
  useEffect(() => {
    if (!loaded) void loadScriptRules().then(() => setLoaded(true));
  }, [loaded]);
  const code = script.value ?? '';
  const problem = loaded && typed ? scriptProblem(code) : null;
  const error =
    script.error ??
    (problem ? translateMessage(problem.message, i18n.language as TUiLanguage, problem.params) : undefined);
  return (
    <Textarea
      label={t('siteEditor.link.script')}
      {...script}
      onChange={(e) => {
        setTyped(true);
        script.onChange(e);
      }}
      value={code}
      error={error}
      description={
        !loaded
          ? t('siteEditor.link.scriptChecking')
          : typed && code.trim() && !error
            ? t('siteEditor.link.scriptOk')
            : t('siteEditor.link.scriptHint')
      }
      {...growing(3, 12)}
      maxLength={LINK_SCRIPT_MAX}
      spellCheck={false}
      autoCapitalize="off"
      autoCorrect="off"
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
      placeholder="window.dataLayer?.push({ event: 'book' });"
      data-testid="link-script"
    />
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
