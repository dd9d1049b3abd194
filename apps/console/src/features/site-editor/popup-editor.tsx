import {
  Badge,
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
import { POPUP_POSITIONS, type TPopupKind } from '@swipe/contracts/sites';
import { useTranslation } from 'react-i18next';
import { type TPath, useEditor, useField, useToggle } from './editor-context';
import { LinkField } from './link-field';
import { MediaField } from './media-field';
import { ColourField } from './page-form';

const JST_MS = 9 * 3_600_000;

/** One popup CTA (timeLimit or applicantLimit); end date: needed with a start, after it, after now. */
export function PopupEditor({ kind, locked }: { kind: TPopupKind; locked: boolean }) {
  const { t } = useTranslation();
  const { doc, readOnly } = useEditor();
  const base: TPath = ['popupCtas', kind];
  const enabled = useToggle([...base, 'enabled']);
  // Campaign times are read and entered in Japan time, as the contracts' dates are.
  const toLocal = (iso: string | null) =>
    iso ? new Date(new Date(iso).getTime() + JST_MS).toISOString().slice(0, 16) : '';
  const fromLocal = (e: unknown) => {
    const v = (e as { currentTarget: { value: string } }).currentTarget.value;
    return v ? new Date(`${v}:00+09:00`).toISOString() : null;
  };
  const start = useField<string | null>([...base, 'startDate'], fromLocal);
  const end = useField<string | null>([...base, 'endDate'], fromLocal);
  const limit = useField([...base, 'limit']);
  const buttonText = useField([...base, 'linkButtonText']);
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
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                type="datetime-local"
                label={t('siteEditor.popup.start')}
                description={t('siteEditor.popup.jst')}
                {...start}
                value={toLocal(start.value)}
              />
              <TextInput
                type="datetime-local"
                label={t('siteEditor.popup.end')}
                description={t('siteEditor.popup.jst')}
                {...end}
                value={toLocal(end.value)}
              />
            </SimpleGrid>
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
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput label={t('siteEditor.page.buttonText')} {...buttonText} maxLength={20} />
              <ColourField path={[...base, 'linkButtonColor']} label={t('siteEditor.page.buttonColor')} />
              <ColourField path={[...base, 'linkTextColor']} label={t('siteEditor.page.buttonTextColor')} />
            </SimpleGrid>
            <LinkField path={[...base, 'link']} label={t('siteEditor.page.buttonLink')} />
            <MediaField path={[...base, 'image']} label={t('siteEditor.popup.image')} />
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
