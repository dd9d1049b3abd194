import {
  Alert,
  Badge,
  Button,
  Card,
  Chip,
  Code,
  CopyButton,
  Group,
  Modal,
  MultiSelect,
  NativeSelect,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Stepper,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { gridCoordinates } from '@swipe/contracts/site-grid-rules';
import {
  POPUP_KINDS,
  POPUP_POSITIONS,
  SITE_LANGUAGES,
  type TPopupKind,
  type TSiteLanguage,
} from '@swipe/contracts/sites';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TPath, useEditor, useField, useToggle } from './editor-context';
import {
  addLanguage,
  changeDefaultLanguage,
  defaultChangeLosesWork,
  removeLanguage,
  resizeGrid,
  resizeLosesWork,
} from './editor-state';
import { LinkField } from './link-field';
import { MediaField } from './media-field';
import { ColourField } from './page-form';

const JST_MS = 9 * 3_600_000;

type TConfirm = { title: string; body: string; confirm: string; run: () => void } | null;

/** A change that throws entered data away runs only after the creator confirms it (SPEC 4). */
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

function Block({
  title,
  children,
  description,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap="md">
        <Stack gap={2}>
          <Text fw={650}>{title}</Text>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}

/** The settings tab: the site as a whole (SPEC 3 globalSetting), domain and popup CTAs. */
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
    if (resizeLosesWork(doc))
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

/** SPEC 4 domain wizard: enter the domain, copy the CNAME value, add it at the provider, complete. */
function DomainBlock({ cnameTarget }: { cnameTarget: string | null }) {
  const { t } = useTranslation();
  const { doc, flags } = useEditor();
  const domain = useField(['domain', 'customDomain']);
  const path = useField(['domain', 'customPath']);
  const locked = !flags.privateDomain;
  const step = doc.domain.customDomain ? (cnameTarget ? 3 : 1) : 0;
  return (
    <Block title={t('siteEditor.domain.title')} description={t('siteEditor.domain.hint')}>
      <Stepper active={step} size="sm" orientation="horizontal" allowNextStepsSelect={false}>
        <Stepper.Step label={t('siteEditor.domain.step1')} />
        <Stepper.Step label={t('siteEditor.domain.step2')} />
        <Stepper.Step label={t('siteEditor.domain.step3')} />
        <Stepper.Step label={t('siteEditor.domain.step4')} />
      </Stepper>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('siteEditor.domain.domain')}
          placeholder="lp.example.com"
          description={locked ? t('siteEditor.plan.noDomain') : t('siteEditor.domain.domainHint')}
          {...domain}
          disabled={domain.disabled || locked}
          data-testid="custom-domain"
        />
        <TextInput
          label={t('siteEditor.domain.path')}
          placeholder="spring-sale"
          description={t('siteEditor.domain.pathHint')}
          {...path}
          maxLength={50}
        />
      </SimpleGrid>
      {doc.domain.customDomain && cnameTarget && (
        <Alert variant="light" color="blue" title={t('siteEditor.domain.cnameTitle')}>
          <Stack gap={6}>
            <Text size="sm">{t('siteEditor.domain.cnameBody', { domain: doc.domain.customDomain })}</Text>
            <Group gap="xs">
              <Code>{cnameTarget}</Code>
              <CopyButton value={cnameTarget}>
                {({ copied, copy }) => (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={copy}
                    leftSection={copied ? <IconCheck size={12} /> : <IconCopy size={12} />}
                  >
                    {copied ? t('siteEditor.domain.copied') : t('siteEditor.domain.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="xs" c="dimmed">
              {t('siteEditor.domain.wait')}
            </Text>
          </Stack>
        </Alert>
      )}
    </Block>
  );
}

/** One popup CTA (timeLimit or applicantLimit): SPEC 3 "Popup CTA" with the date rules of SPEC 5. */
function PopupEditor({ kind, locked }: { kind: TPopupKind; locked: boolean }) {
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
