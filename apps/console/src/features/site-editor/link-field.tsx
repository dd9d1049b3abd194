import { Group, NativeSelect, TextInput } from '@mantine/core';
import { INTERNAL_TARGETS, LINK_KINDS, type TLink } from '@swipe/contracts/sites';
import { useTranslation } from 'react-i18next';
import { type TPath, useEditor, useField } from './editor-context';
import { setIn } from './editor-state';

/** Where a button leads: nowhere, a visitor page of the site (contact, form, membership), or a URL. */
export function LinkField({ path, label }: { path: TPath; label: string }) {
  const { t } = useTranslation();
  const { setDoc, flags } = useEditor();
  const kind = useField<TLink['kind']>([...path, 'kind']);
  const target = useField<TLink['internalTarget']>([...path, 'internalTarget'], (e) => {
    const v = (e as { currentTarget: { value: string } }).currentTarget.value;
    return (v || null) as TLink['internalTarget'];
  });
  const url = useField([...path, 'url']);
  // Surveys arrive with their own builder; until then a button links to a page or a URL.
  const kinds = LINK_KINDS.filter((k) => k !== 'SURVEY');
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
    </Group>
  );
}
