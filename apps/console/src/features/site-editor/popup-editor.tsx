import {
  Badge,
  Button,
  Card,
  Group,
  MultiSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { LINK_KINDS, POPUP_POSITIONS, type TPopupKind, type TSiteLanguage } from '@swipe/contracts/sites';
import { RECOMMENDED_IMAGE_SIZES } from '@swipe/contracts/uploads';
import { IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoticeDatesProvider, usePickerLabels } from '../communications/notice-fields';
import { DATE_TIME_FORMAT, instantOfJstPicker, jstPickerValue } from '../communications/notice-values';
import { type TPath, useEditor, useField, useToggle } from './editor-context';
import { copyPopupText, errorsUnder, setPopupText } from './editor-state';
import { LinkField } from './link-field';
import { MediaField } from './media-field';
import { ColourField } from './page-form';

/** A popup's own button may lead anywhere but to a popup. */
const POPUP_LINK_KINDS = LINK_KINDS.filter((k) => k !== 'POPUP_CTA_TRANSITION');

/** One popup CTA (timeLimit or applicantLimit); end date: needed with a start, after it, after now. */
export function PopupEditor({ kind, locked }: { kind: TPopupKind; locked: boolean }) {
  const { t } = useTranslation();
  const { doc, readOnly } = useEditor();
  const base: TPath = ['popupCtas', kind];
  const enabled = useToggle([...base, 'enabled']);
  const limit = useField([...base, 'limit']);
  const remaining = useToggle([...base, 'showRemainingTime']);
  const pages = useField<string[]>([...base, 'effectivePages'], (v) => v as string[]);
  const position = useField([...base, 'position']);
  const cta = doc.popupCtas[kind];
  const coords = doc.content[doc.defaultLanguage]?.creatives.map((c) => c.coordinate) ?? [];
  return (
    <Card withBorder radius="md" p="md" data-testid={`popup-${kind}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <Text fw={600}>{t(`siteEditor.popup.kinds.${kind}`)}</Text>
            {cta.enabled && <Badge color="teal">{t('siteEditor.popup.on')}</Badge>}
          </Group>
          <Switch
            {...enabled}
            disabled={enabled.disabled || (locked && !cta.enabled)}
            aria-label={t(`siteEditor.popup.kinds.${kind}`)}
          />
        </Group>
        {cta.enabled && (
          <>
            <NoticeDatesProvider>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <JstDateTimeField
                  path={[...base, 'startDate']}
                  label={t('siteEditor.popup.start')}
                  testId={`popup-${kind}-start`}
                />
                <JstDateTimeField
                  path={[...base, 'endDate']}
                  label={t('siteEditor.popup.end')}
                  testId={`popup-${kind}-end`}
                />
              </SimpleGrid>
            </NoticeDatesProvider>
            <MultiSelect
              label={t('siteEditor.popup.pages')}
              data={coords}
              {...pages}
              searchable
              disabled={readOnly}
            />
            {kind === 'applicantLimit' && (
              <TextInput
                label={t('siteEditor.popup.limit')}
                {...limit}
                maxLength={9}
                inputMode="numeric"
                w={200}
              />
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <ColourField path={[...base, 'linkButtonColor']} label={t('siteEditor.page.buttonColor')} />
              <ColourField path={[...base, 'linkTextColor']} label={t('siteEditor.page.buttonTextColor')} />
            </SimpleGrid>
            <LinkField
              path={[...base, 'link']}
              label={t('siteEditor.page.buttonLink')}
              kinds={POPUP_LINK_KINDS}
            />
            <PopupTexts kind={kind} />
            <Group gap="lg">
              <Switch label={t('siteEditor.popup.remaining')} {...remaining} />
              <SegmentedControl
                {...position}
                data={POPUP_POSITIONS.map((p) => ({ value: p, label: t(`siteEditor.popup.positions.${p}`) }))}
              />
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}

/**
 * A popup date, picked and shown as Japan time (the contracts' dates are JST) and written the way
 * the UI language writes dates, with the pickers of the news and notification forms.
 */
function JstDateTimeField({ path, label, testId }: { path: TPath; label: string; testId: string }) {
  const { t, i18n } = useTranslation();
  const labels = usePickerLabels();
  const field = useField<string | null>(path, (v) => instantOfJstPicker(v as string | null));
  return (
    <DateTimePicker
      label={label}
      description={t('siteEditor.popup.jst')}
      clearable
      valueFormat={DATE_TIME_FORMAT[i18n.language as TUiLanguage] ?? DATE_TIME_FORMAT.ja}
      {...labels}
      timePickerProps={{
        hoursInputLabel: t('communications.form.hours'),
        minutesInputLabel: t('communications.form.minutes'),
      }}
      submitButtonProps={{ 'aria-label': t('communications.form.confirmTime') }}
      value={jstPickerValue(field.value)}
      onChange={field.onChange}
      error={field.error}
      disabled={field.disabled}
      data-testid={testId}
    />
  );
}

/**
 * What the popup shows in each site language: its button text and image, one language at a time.
 * A language left empty shows the default language's; "copy" starts it from those.
 */
function PopupTexts({ kind }: { kind: TPopupKind }) {
  const { t } = useTranslation();
  const { doc, setDoc, errors, readOnly, touch } = useEditor();
  const [picked, setPicked] = useState<TSiteLanguage>(doc.defaultLanguage);
  const lang = doc.languages.includes(picked) ? picked : doc.defaultLanguage;
  const base: TPath = ['popupCtas', kind, 'texts', lang];
  const text = doc.popupCtas[kind].texts[lang];
  const isDefault = lang === doc.defaultLanguage;
  const defaultName = t(`siteEditor.languages.names.${doc.defaultLanguage}`);
  return (
    <Stack gap="sm" data-testid={`popup-${kind}-texts`}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {t('siteEditor.popup.texts')}
        </Text>
        {doc.languages.length > 1 && (
          <SegmentedControl
            size="xs"
            value={lang}
            onChange={(v) => setPicked(v as TSiteLanguage)}
            data={doc.languages.map((l) => {
              const n = errorsUnder(errors, `popupCtas.${kind}.texts.${l}`);
              return { value: l, label: `${t(`siteEditor.languages.names.${l}`)}${n > 0 ? ` (${n})` : ''}` };
            })}
            data-testid={`popup-${kind}-language`}
          />
        )}
      </Group>
      {!isDefault && (
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {t('siteEditor.popup.textsFallback', { language: defaultName })}
          </Text>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconCopy size={14} />}
            disabled={readOnly}
            onClick={() => {
              touch([...base, 'linkButtonText'].join('.'));
              setDoc((prev) => copyPopupText(prev, kind, prev.defaultLanguage, lang));
            }}
            data-testid={`popup-${kind}-copy`}
          >
            {t('siteEditor.popup.copyFrom', { language: defaultName })}
          </Button>
        </Group>
      )}
      <TextInput
        label={t('siteEditor.page.buttonText')}
        value={text?.linkButtonText ?? ''}
        onChange={(e) => {
          const value = e.currentTarget.value;
          touch([...base, 'linkButtonText'].join('.'));
          setDoc((prev) => setPopupText(prev, kind, lang, { linkButtonText: value }));
        }}
        error={errors[[...base, 'linkButtonText'].join('.')]}
        disabled={readOnly}
        maxLength={20}
        data-testid={`popup-${kind}-button-text`}
      />
      <MediaField
        key={lang}
        path={[...base, 'image']}
        label={t('siteEditor.popup.image')}
        recommended={t('siteEditor.media.recommended', RECOMMENDED_IMAGE_SIZES.popup)}
      />
    </Stack>
  );
}
