import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import {
  FORM_TYPES,
  INPUT_TYPES,
  type TFormField,
  type TFormType,
  type TSiteLanguage,
} from '@swipe/contracts/sites';
import { IconAlertTriangle, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TPath, useEditor, useField, useToggle } from './editor-context';
import { setIn } from './editor-state';
import { RemoveButton } from './remove-button';

/** The fields of the contact, membership and homepage forms of one language. */
export function FormsEditor({ lang }: { lang: TSiteLanguage }) {
  const { t } = useTranslation();
  const { doc, setDoc, readOnly, flags } = useEditor();
  const [type, setType] = useState<TFormType>('MEMBERSHIP_SETTING');
  const path: TPath = ['content', lang, 'forms', type];
  const fields = doc.content[lang]?.forms[type] ?? [];
  // Contact and homepage forms are a plan feature; membership is for everyone.
  const locked = type !== 'MEMBERSHIP_SETTING' && !flags.settingFormContact;
  const add = () =>
    setDoc((prev) =>
      setIn(prev, path, [
        ...fields,
        {
          typeInput: 'TEXT_BOX',
          title: t('siteEditor.forms.newField'),
          isRequired: false,
          placeholder: '',
          options: [],
          builtIn: null,
        },
      ]),
    );
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <SegmentedControl
          value={type}
          onChange={(v) => setType(v as TFormType)}
          data={FORM_TYPES.map((f) => ({ value: f, label: t(`siteEditor.forms.types.${f}`) }))}
          w="fit-content"
          data-testid="form-type"
        />
        {/* The form's item count, without the maximum ("3 items", not "3 / 30"). */}
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="form-field-count">
          {t('siteEditor.forms.count', { count: fields.length })}
        </Text>
      </Group>
      {type === 'CONTACT_SETTING' && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
          {t('siteEditor.forms.contactWarning')}
        </Alert>
      )}
      {locked && (
        <Text size="sm" c="dimmed">
          {t('siteEditor.plan.noForms')}
        </Text>
      )}
      {fields.map((f, i) => (
        <FieldRow
          key={f.id ?? `${type}-${i}`}
          path={[...path, i]}
          field={f}
          locked={locked}
          onRemove={() =>
            setDoc((prev) =>
              setIn(
                prev,
                path,
                fields.filter((_x, k) => k !== i),
              ),
            )
          }
        />
      ))}
      <Group>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={add}
          disabled={readOnly || locked || fields.length >= 30}
          data-testid="form-field-add"
        >
          {t('siteEditor.forms.add')}
        </Button>
      </Group>
    </Stack>
  );
}

function FieldRow({
  path,
  field,
  locked,
  onRemove,
}: {
  path: TPath;
  field: TFormField;
  locked: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { setDoc, errors } = useEditor();
  const title = useField([...path, 'title']);
  const type = useField([...path, 'typeInput']);
  const placeholder = useField([...path, 'placeholder']);
  const required = useToggle([...path, 'isRequired']);
  const builtIn = field.builtIn !== null;
  const choices = field.typeInput === 'SELECT' || field.typeInput === 'SELECT_OPTIONS';
  const optionsText = field.options.map((o) => o.value).join('\n');
  return (
    <Card withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Group gap="sm" align="flex-start" wrap="wrap">
          <TextInput
            style={{ flex: '2 1 180px' }}
            label={t('siteEditor.forms.title')}
            {...title}
            disabled={title.disabled || locked}
            maxLength={50}
          />
          <NativeSelect
            style={{ flex: '1 1 140px' }}
            label={t('siteEditor.forms.type')}
            {...type}
            disabled={type.disabled || locked || builtIn}
            data={INPUT_TYPES.map((k) => ({ value: k, label: t(`siteEditor.forms.inputs.${k}`) }))}
          />
          <TextInput
            style={{ flex: '2 1 180px' }}
            label={t('siteEditor.forms.placeholder')}
            {...placeholder}
            disabled={placeholder.disabled || locked}
            maxLength={50}
          />
          {builtIn ? (
            <Badge mt={30} variant="light">
              {t('siteEditor.forms.builtIn')}
            </Badge>
          ) : (
            <RemoveButton
              label={t('siteEditor.forms.remove')}
              onClick={onRemove}
              disabled={title.disabled || locked}
            />
          )}
        </Group>
        <Switch
          label={t('siteEditor.forms.required')}
          {...required}
          disabled={required.disabled || locked || builtIn}
        />
        {choices && (
          <TextInput
            label={t('siteEditor.forms.options')}
            description={t('siteEditor.forms.optionsHint')}
            value={optionsText.replaceAll('\n', ', ')}
            error={errors[[...path, 'options'].join('.')]}
            disabled={title.disabled || locked}
            onChange={(e) => {
              const values = e.currentTarget.value.split(',').map((v) => v.trim());
              setDoc((prev) =>
                setIn(
                  prev,
                  [...path, 'options'],
                  values.filter((v, k) => v !== '' || k === values.length - 1).map((value) => ({ value })),
                ),
              );
            }}
          />
        )}
      </Stack>
    </Card>
  );
}
