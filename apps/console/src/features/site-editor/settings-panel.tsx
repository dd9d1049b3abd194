import {
  Button,
  Chip,
  Group,
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
import { RECOMMENDED_IMAGE_SIZES } from '@swipe/contracts/uploads';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal, type TConfirm } from './confirm-modal';
import { DomainBlock } from './domain-block';
import { type TPath, useEditor, useField, useToggle } from './editor-context';
import { addLanguage, changeDefaultLanguage, defaultChangeLosesWork, removeLanguage } from './editor-state';
import { EditorTabStack } from './editor-theme';
import { MediaField } from './media-field';
import { ColourField } from './page-form';
import { applyPageOp, removalLosesWork, type TPageOp } from './page-ops';
import { PopupEditor } from './popup-editor';
import { SeoFields } from './seo-fields';
import { Block } from './settings-block';

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
  // The grid's page operations change its size too: the fields follow.
  const size = `${doc.numberVertical}x${doc.numberHorizontal}`;
  const [shownSize, setShownSize] = useState(size);
  if (shownSize !== size) {
    setShownSize(size);
    setRows(doc.numberVertical);
    setColumns(doc.numberHorizontal);
  }
  const name = useField(['name']);
  const viewMode = useField(['viewMode'], (v) => v as string);

  const nr = Number(rows);
  const nc = Number(columns);
  const gridValid = Number.isInteger(nr) && Number.isInteger(nc) && nr >= 1 && nc >= 1 && nr <= 100;
  const overPlan = gridValid && maxPages !== null && nr * nc > maxPages;
  const gridChanged = nr !== doc.numberVertical || nc !== doc.numberHorizontal;
  const applyGrid = () => {
    // Pages keep their addresses; those off the new grid go, and the save learns they did.
    const op: TPageOp = { kind: 'resize', rows: nr, columns: nc };
    const run = () => {
      const { doc: next, renames } = applyPageOp(doc, op);
      setDoc(next, { renames });
    };
    if (removalLosesWork(doc, op))
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
    <EditorTabStack gap="lg">
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
            recommended={t('siteEditor.media.recommended', RECOMMENDED_IMAGE_SIZES.logo)}
          />
          <MediaField
            path={['favicon']}
            label={t('siteEditor.settings.favicon')}
            recommended={t('siteEditor.media.recommended', RECOMMENDED_IMAGE_SIZES.favicon)}
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
            <FlagSwitch
              key={key}
              path={[key]}
              label={t(`siteEditor.settings.${key}`)}
              description={
                key === 'displayAlbum' || key === 'swipeRedirection'
                  ? t(`siteEditor.settings.${key}Hint`)
                  : undefined
              }
            />
          ))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <ColourField path={['globalMenuTextColor']} label={t('siteEditor.settings.menuColor')} />
          <ColourField
            path={['speakerColor']}
            label={t('siteEditor.settings.speakerColor')}
            description={t('siteEditor.settings.speakerColorHint')}
          />
        </SimpleGrid>
        <SliderTimeField />
      </Block>

      <Block
        title={t('siteEditor.settings.defaultSeo')}
        description={t('siteEditor.settings.defaultSeoHint')}
      >
        <SeoFields base={['seo']} />
      </Block>

      <Block
        title={t('siteEditor.settings.contact')}
        description={flags.settingFormContact ? undefined : t('siteEditor.plan.noForms')}
      >
        <ContactRecipientField locked={!flags.settingFormContact} />
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
    </EditorTabStack>
  );
}

function FlagSwitch({ path, label, description }: { path: TPath; label: string; description?: string }) {
  return <Switch label={label} description={description} {...useToggle(path)} />;
}

/** sliderTime: whole seconds from 0 (off) to 60. */
function SliderTimeField() {
  const { t } = useTranslation();
  const field = useField(['sliderTime'], (v) => (typeof v === 'number' ? v : Number(v) || 0));
  return (
    <NumberInput
      label={t('siteEditor.settings.sliderTime')}
      description={t('siteEditor.settings.sliderTimeHint')}
      min={0}
      max={60}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="strict"
      {...field}
      w={{ base: '100%', sm: 320 }}
      data-testid="slider-time"
    />
  );
}

/** Where contact form submissions are also mailed (settingFormContact, as the contact form). */
function ContactRecipientField({ locked }: { locked: boolean }) {
  const { t } = useTranslation();
  const field = useField(['contactRecipient']);
  return (
    <TextInput
      type="email"
      label={t('siteEditor.settings.contactRecipient')}
      description={t('siteEditor.settings.contactRecipientHint')}
      placeholder="sales@example.com"
      {...field}
      disabled={field.disabled || (locked && !field.value)}
      maxLength={256}
      data-testid="contact-recipient"
    />
  );
}
