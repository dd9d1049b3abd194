import {
  Alert,
  Button,
  Chip,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { gridCoordinates } from '@swipe/contracts/site-grid-rules';
import { POPUP_KINDS, SITE_LANGUAGES, type TSiteLanguage } from '@swipe/contracts/sites';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DomainBlock } from './domain-block';
import { type TPath, useEditor, useField, useToggle } from './editor-context';
import {
  addLanguage,
  changeDefaultLanguage,
  defaultChangeLosesWork,
  removeLanguage,
  resizeGrid,
  resizeLosesWork,
} from './editor-state';
import { MediaField } from './media-field';
import { ColourField } from './page-form';
import { PopupEditor } from './popup-editor';
import { Block } from './settings-block';

type TConfirm = { title: string; body: string; confirm: string; run: () => void } | null;

/** A change that throws entered data away runs only after the creator confirms it. */
function ConfirmModal({ pending, onClose }: { pending: TConfirm; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={pending !== null} onClose={onClose} title={pending?.title} centered>
      <Stack gap="md">
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
          {pending?.body}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-testid="confirm-cancel">
            {t('siteEditor.cancel')}
          </Button>
          <Button
            color="orange"
            onClick={() => {
              pending?.run();
              onClose();
            }}
            data-testid="confirm-ok"
          >
            {pending?.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The settings tab: the site as a whole (its globalSetting), domain and popup CTAs. */
export function SettingsPanel({
  maxPages,
  cnameTarget,
}: {
  maxPages: number | null;
  cnameTarget: string | null;
}) {
  const { t } = useTranslation();
  const { doc, setDoc, readOnly, flags } = useEditor();
  const [pending, setPending] = useState<TConfirm>(null);
  const [rows, setRows] = useState<number | string>(doc.numberVertical);
  const [columns, setColumns] = useState<number | string>(doc.numberHorizontal);
  const name = useField(['name']);
  const viewMode = useField(['viewMode'], (v) => v as string);

  const nr = Number(rows);
  const nc = Number(columns);
  const gridValid = Number.isInteger(nr) && Number.isInteger(nc) && nr >= 1 && nc >= 1 && nr <= 100;
  const overPlan = gridValid && maxPages !== null && nr * nc > maxPages;
  const gridChanged = nr !== doc.numberVertical || nc !== doc.numberHorizontal;
  const applyGrid = () => {
    const run = () => setDoc((prev) => resizeGrid(prev, nr, nc));
    if (resizeLosesWork(doc, nr, nc))
      setPending({
        title: t('siteEditor.grid.confirmTitle'),
        body: t('siteEditor.grid.confirmBody', {
          from: doc.numberVertical * doc.numberHorizontal,
          to: nr * nc,
        }),
        confirm: t('siteEditor.grid.confirm'),
        run,
      });
    else run();
  };

  const toggleLanguage = (lang: TSiteLanguage, on: boolean) => {
    if (on) return setDoc((prev) => addLanguage(prev, lang));
    setPending({
      title: t('siteEditor.languages.removeTitle', { lang: t(`siteEditor.languages.names.${lang}`) }),
      body: t('siteEditor.languages.removeBody'),
      confirm: t('siteEditor.languages.remove'),
      run: () => setDoc((prev) => removeLanguage(prev, lang)),
    });
  };
  const setDefault = (lang: TSiteLanguage) => {
    const run = () => setDoc((prev) => changeDefaultLanguage(prev, lang));
    if (defaultChangeLosesWork(doc))
      setPending({
        title: t('siteEditor.languages.defaultTitle'),
        body: t('siteEditor.languages.defaultBody'),
        confirm: t('siteEditor.languages.defaultConfirm'),
        run,
      });
    else run();
  };

  return (
    <Stack gap="lg">
      <Block title={t('siteEditor.settings.basics')}>
        <TextInput
          label={t('siteEditor.settings.name')}
          required
          {...name}
          maxLength={50}
          data-testid="site-name"
        />
        <Stack gap={4}>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <NumberInput
              label={t('siteEditor.grid.rows')}
              min={1}
              max={100}
              value={rows}
              onChange={setRows}
              disabled={readOnly}
              w={120}
              data-testid="grid-rows"
            />
            <Text pb={8}>×</Text>
            <NumberInput
              label={t('siteEditor.grid.columns')}
              min={1}
              max={100}
              value={columns}
              onChange={setColumns}
              disabled={readOnly}
              w={120}
              data-testid="grid-columns"
            />
            <Button
              variant="light"
              onClick={applyGrid}
              disabled={readOnly || !gridValid || !gridChanged || overPlan}
              data-testid="grid-apply"
            >
              {t('siteEditor.grid.apply')}
            </Button>
          </Group>
          <Text size="xs" c={overPlan || !gridValid ? 'red' : 'dimmed'}>
            {!gridValid
              ? t('siteEditor.grid.invalid')
              : overPlan
                ? t('siteEditor.grid.overPlan', { max: maxPages })
                : t('siteEditor.grid.summary', {
                    count: nr * nc,
                    last: gridCoordinates(nr, nc).at(-1),
                    max: maxPages ?? '—',
                  })}
          </Text>
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('siteEditor.settings.viewMode')}
          </Text>
          <SegmentedControl
            {...viewMode}
            data={[
              { value: 'MOBILE', label: t('siteEditor.settings.mobile') },
              { value: 'PC', label: t('siteEditor.settings.pc') },
            ]}
            w="fit-content"
          />
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <MediaField
            path={['logo']}
            label={t('siteEditor.settings.logo')}
            hint={t('siteEditor.settings.logoHint')}
          />
          <MediaField
            path={['favicon']}
            label={t('siteEditor.settings.favicon')}
            hint={t('siteEditor.settings.faviconHint')}
          />
        </SimpleGrid>
      </Block>

      <Block title={t('siteEditor.languages.title')} description={t('siteEditor.languages.hint')}>
        <NativeSelect
          label={t('siteEditor.languages.default')}
          value={doc.defaultLanguage}
          onChange={(e) => setDefault(e.currentTarget.value as TSiteLanguage)}
          disabled={readOnly}
          data={SITE_LANGUAGES.map((l) => ({ value: l, label: t(`siteEditor.languages.names.${l}`) }))}
          w={220}
          data-testid="default-language"
        />
        <Group gap="xs">
          {SITE_LANGUAGES.filter((l) => l !== doc.defaultLanguage).map((l) => (
            <Chip
              key={l}
              checked={doc.languages.includes(l)}
              onChange={(on) => toggleLanguage(l, on)}
              disabled={readOnly || (!flags.multiLanguage && !doc.languages.includes(l))}
              data-testid={`language-${l}`}
            >
              {t(`siteEditor.languages.names.${l}`)}
            </Chip>
          ))}
        </Group>
        {!flags.multiLanguage && (
          <Text size="xs" c="dimmed">
            {t('siteEditor.plan.noLanguages')}
          </Text>
        )}
      </Block>

      <Block title={t('siteEditor.settings.display')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {(
            [
              'displayLanguageIcon',
              'displayGlobalMenu',
              'displayPageCount',
              'displayAlbum',
              'swipeRedirection',
            ] as const
          ).map((key) => (
            <FlagSwitch key={key} path={[key]} label={t(`siteEditor.settings.${key}`)} />
          ))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <ColourField path={['globalMenuTextColor']} label={t('siteEditor.settings.menuColor')} />
          <ColourField path={['speakerColor']} label={t('siteEditor.settings.speakerColor')} />
        </SimpleGrid>
      </Block>

      <DomainBlock cnameTarget={cnameTarget} />

      <Block
        title={t('siteEditor.popup.title')}
        description={flags.settingPopupCta ? t('siteEditor.popup.hint') : t('siteEditor.plan.noPopup')}
      >
        {POPUP_KINDS.map((kind) => (
          <PopupEditor key={kind} kind={kind} locked={!flags.settingPopupCta} />
        ))}
      </Block>
      <ConfirmModal pending={pending} onClose={() => setPending(null)} />
    </Stack>
  );
}

function FlagSwitch({ path, label }: { path: TPath; label: string }) {
  return <Switch label={label} {...useToggle(path)} />;
}
