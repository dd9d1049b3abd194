import { Card, Group, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { POPUP_KINDS, type TSiteDocument, type TSiteLanguage } from '@swipe/contracts/sites';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocSelector, useEditorTools } from '../site-editor/editor-context';
import { FormsEditor } from '../site-editor/forms-editor';
import { PopupEditor } from '../site-editor/popup-editor';

// The variation's popup CTAs and forms: the published site's unless switched to the variation's
// own, then edited with the site editor's popup and forms editors.

export const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);
const languagesOf = (d: TSiteDocument) => d.languages;
const defaultOf = (d: TSiteDocument) => d.defaultLanguage;

/** The language a variation's panel shows: the one picked while the site has it, else the default. */
export function useVariationLanguage() {
  const languages = useDocSelector(languagesOf, sameList);
  const defaultLanguage = useDocSelector(defaultOf);
  const [picked, setPicked] = useState<TSiteLanguage>(defaultLanguage);
  const lang = languages.includes(picked) ? picked : defaultLanguage;
  return { lang, languages, pick: setPicked };
}

/** Picks the language a panel shows (nothing to pick on a site of one language). */
export function VariationLanguagePicker(props: {
  value: ReturnType<typeof useVariationLanguage>;
  testId: string;
}) {
  const { t } = useTranslation();
  const { lang, languages, pick } = props.value;
  if (languages.length <= 1) return null;
  return (
    <SegmentedControl
      value={lang}
      onChange={(v) => pick(v as TSiteLanguage)}
      data={languages.map((l) => ({ value: l, label: t(`siteEditor.languages.names.${l}`) }))}
      aria-label={t('experiments.editor.language')}
      data-testid={props.testId}
    />
  );
}

function OverrideSwitch(props: {
  on: boolean;
  onChoose: (on: boolean) => void;
  label: string;
  hint: string;
  testId: string;
}) {
  const { readOnly } = useEditorTools();
  return (
    <Switch
      checked={props.on}
      onChange={(e) => props.onChoose(e.currentTarget.checked)}
      disabled={readOnly}
      label={
        <Text fw={600} size="sm">
          {props.label}
        </Text>
      }
      description={props.hint}
      data-testid={props.testId}
    />
  );
}

export function VariationPopups({ on, onChoose }: { on: boolean; onChoose: (on: boolean) => void }) {
  const { t } = useTranslation();
  const { flags } = useEditorTools();
  return (
    <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="variation-popups">
      <Stack gap="md">
        <OverrideSwitch
          on={on}
          onChoose={onChoose}
          label={t('experiments.editor.overridePopups')}
          hint={t('experiments.editor.overridePopupsHint')}
          testId="override-popups"
        />
        {on ? (
          POPUP_KINDS.map((kind) => <PopupEditor key={kind} kind={kind} locked={!flags.settingPopupCta} />)
        ) : (
          <Text size="sm" c="dimmed">
            {t('experiments.editor.popupsAsPublished')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

export function VariationForms({ on, onChoose }: { on: boolean; onChoose: (on: boolean) => void }) {
  const { t } = useTranslation();
  const language = useVariationLanguage();
  const { lang } = language;
  return (
    <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="variation-forms">
      <Stack gap="md">
        <OverrideSwitch
          on={on}
          onChoose={onChoose}
          label={t('experiments.editor.overrideForms')}
          hint={t('experiments.editor.overrideFormsHint')}
          testId="override-forms"
        />
        {on ? (
          <>
            {language.languages.length > 1 && (
              <Group gap="xs">
                <VariationLanguagePicker value={language} testId="variation-forms-language" />
              </Group>
            )}
            <FormsEditor key={lang} lang={lang} />
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('experiments.editor.formsAsPublished')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
