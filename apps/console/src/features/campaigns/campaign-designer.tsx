import '@mantine/dates/styles.layer.css';
import 'dayjs/locale/ja';
import 'dayjs/locale/ko';
import 'dayjs/locale/zh-cn';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  ColorInput,
  FileButton,
  Group,
  SegmentedControl,
  SimpleGrid,
  Slider,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { CAMPAIGN_ITEMS_MAX, CAMPAIGN_POSITIONS } from '@swipe/contracts/campaigns';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import type { TSiteDetail } from '@swipe/contracts/site-api';
import { gridCoordinates } from '@swipe/contracts/site-grid-rules';
import { TEXT_MAX } from '@swipe/contracts/site-rules';
import {
  IconAlertTriangle,
  IconArrowDown,
  IconArrowUp,
  IconLock,
  IconPhotoPlus,
  IconSquarePlus,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/api-client';
import { DetailGate } from '../../app/detail-states';
import { createDocStore, useDocDirty, useDocSelector } from '../../app/doc-store';
import { EditorBar } from '../../app/editor-bar';
import { todayJst } from '../../app/format';
import { IconTool } from '../../app/icon-tool';
import { LeaveModal, useLeaveGuard } from '../../app/leave-guard';
import { notifyError, notifySuccess } from '../../app/notify';
import { UndoRedo } from '../../app/undo-redo';
import { useButtonHtmlSanitizer } from './campaign-button-view';
import { CampaignCanvas } from './campaign-canvas';
import {
  draftErrors,
  draftOf,
  emptyCampaign,
  findItem,
  firstItemWithError,
  forSave,
  itemErrors,
  newBanner,
  newButton,
  removeItem,
  restack,
  stackOf,
  type TCampaignDraft,
  type TItem,
  type TSelection,
  updateItem,
} from './campaign-draft';
import { CampaignInspector } from './campaign-inspector';
import { MediaSlot, useCampaignMedia } from './campaign-media';
import classes from './campaigns.module.css';
import { campaignKeys, campaignsApi } from './campaigns-api';

type TLock = { locked: boolean; reason: string };

const DAYJS_LOCALE: Record<TUiLanguage, string> = { ja: 'ja', en: 'en', cn: 'zh-cn', kr: 'ko' };
/** Dates as each UI language writes them. */
const DATE_FORMAT: Record<TUiLanguage, string> = {
  ja: 'YYYY/MM/DD',
  en: 'MMM D, YYYY',
  cn: 'YYYY/MM/DD',
  kr: 'YYYY. MM. DD.',
};

/** /{prefix}/site-campaign/{siteId}/{campaignId|new}: loads the campaign, then designs it. */
export function CampaignDesigner({
  site,
  campaignId,
  write,
  onDone,
}: {
  site: TSiteDetail;
  /** null: a new campaign. */
  campaignId: string | null;
  write: TLock;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const existing = useQuery({
    queryKey: campaignKeys.detail(campaignId ?? ''),
    queryFn: ({ signal }) => campaignsApi.get(campaignId!, { signal, toast: false }),
    enabled: campaignId !== null,
    retry: false,
  });
  const pages = useMemo(
    () => gridCoordinates(site.document.numberVertical, site.document.numberHorizontal),
    [site.document.numberVertical, site.document.numberHorizontal],
  );
  return (
    <DetailGate
      id={campaignId}
      query={existing}
      loadingTestId="campaign-designer-loading"
      heights={[120, 480]}
      missingTestId="campaign-not-found"
      message={t('campaigns.designer.notFound')}
      backLabel={t('campaigns.designer.back')}
      onBack={onDone}
    >
      <DesignerForm
        key={campaignId ?? 'new'}
        site={site}
        pages={pages}
        campaignId={campaignId}
        initial={existing.data ? draftOf(existing.data.data) : emptyCampaign(pages, todayJst())}
        campaignMedia={existing.data?.data.media}
        write={write}
        onDone={onDone}
      />
    </DetailGate>
  );
}

const whole = (d: TCampaignDraft) => d;
const savesAs = (d: TCampaignDraft) => JSON.stringify(forSave(d));

function DesignerForm({
  site,
  pages,
  campaignId,
  initial,
  campaignMedia,
  write,
  onDone,
}: {
  site: TSiteDetail;
  pages: string[];
  campaignId: string | null;
  initial: TCampaignDraft;
  /** The addresses of the saved campaign's images. */
  campaignMedia?: Record<string, string>;
  write: TLock;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as TUiLanguage;
  const queryClient = useQueryClient();
  const readOnly = write.locked;
  const [store] = useState(() => createDocStore(initial, { sameSaved: (a, b) => savesAs(a) === savesAs(b) }));
  const draft = useDocSelector(store, whole);
  const dirty = useDocDirty(store);
  const [selection, setSelection] = useState<TSelection>(null);
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const media = useCampaignMedia(site, campaignMedia);
  const sanitize = useButtonHtmlSanitizer();
  const languages = site.document.languages;

  const clientErrors = useMemo(() => (tried ? draftErrors(draft, lang) : {}), [tried, draft, lang]);
  const errors = { ...serverErrors, ...clientErrors };

  /** Every edit: changes of the same `group` in a row (typing, one drag, nudges) are one undo step. */
  const edit = useCallback(
    (next: TCampaignDraft | ((d: TCampaignDraft) => TCampaignDraft), group?: string) => {
      if (readOnly) return;
      setServerErrors({});
      store.set(next, { coalesce: group });
    },
    [readOnly, store],
  );

  // An undone item is no longer there to be selected.
  const selected = findItem(draft, selection);
  useEffect(() => {
    if (selection && !selected) setSelection(null);
  }, [selection, selected]);

  const save = useMutation({
    mutationFn: () => {
      const body = forSave(draft);
      return campaignId
        ? campaignsApi.save(campaignId, body, { toast: false })
        : campaignsApi.create(site.id, body, { toast: false });
    },
    onSuccess: (res) => {
      notifySuccess(res.message ?? t('campaigns.designer.save'));
      store.markSaved(draft);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
      queryClient.setQueryData(campaignKeys.detail(res.data.id), res);
      // Let the blocker see the saved state before leaving.
      setTimeout(onDone, 0);
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        setServerErrors(error.fieldErrors);
        const first = firstItemWithError(error.fieldErrors, draft);
        if (first) setSelection(first);
      }
      notifyError(error instanceof ApiError ? error.message : t('campaigns.loadFailed'));
    },
  });

  const submit = () => {
    setTried(true);
    const now = draftErrors(draft, lang);
    const count = Object.keys(now).length;
    if (count > 0) {
      notifyError(t('campaigns.designer.fixErrors', { count }));
      const first = firstItemWithError(now, draft);
      if (first) setSelection(first);
      return;
    }
    save.mutate();
  };

  // Leaving with unsaved changes asks first: in the app, and when the tab closes.
  const blocker = useLeaveGuard(
    dirty,
    ({ currentLocation, nextLocation }) =>
      dirty && !save.isPending && currentLocation.pathname !== nextLocation.pathname,
  );

  const itemCount = draft.banners.length + draft.buttons.length;
  const canAdd = itemCount < CAMPAIGN_ITEMS_MAX * 2 && !readOnly;
  const addBanner = async (file: File | null) => {
    if (!file) return;
    const done = await media.upload(file);
    if (!done) return;
    const banner = newBanner(draft, done.ref, done.natural);
    edit({ ...draft, banners: [...draft.banners, banner] });
    setSelection({ kind: 'banner', id: banner.id });
  };
  const addButton = () => {
    const button = newButton(draft, t('campaigns.designer.newButtonText'));
    edit({ ...draft, buttons: [...draft.buttons, button] });
    setSelection({ kind: 'button', id: button.id });
  };
  const stack = stackOf(draft);
  const at = selection ? stack.findIndex((s) => s.kind === selection.kind && s.item.id === selection.id) : -1;

  const firstPage = site.document.content[site.document.defaultLanguage]?.creatives[0]?.media ?? null;
  const itemErrorCount = Object.keys(errors).filter((k) => /^(banners|buttons)\./.test(k)).length;

  const tool = (label: string, icon: ReactNode, onClick: () => void, disabled: boolean, testId: string) => (
    <IconTool label={label} icon={icon} onClick={onClick} disabled={disabled} testId={testId} />
  );

  const allPages = draft.effectivePages.length === pages.length;
  const somePages = draft.effectivePages.length > 0 && !allPages;

  return (
    <Stack gap="lg" data-testid="campaign-designer">
      <EditorBar
        backLabel={t('campaigns.designer.back')}
        onBack={onDone}
        backTestId="campaign-designer-back"
        save={{
          write,
          saving: save.isPending,
          onSave: submit,
          label: t('campaigns.designer.save'),
          testId: 'campaign-save',
        }}
      />
      {readOnly && (
        <Alert color="gray" icon={<IconLock size={18} />} data-testid="campaign-read-only">
          {write.reason || t('campaigns.designer.readOnly')}
        </Alert>
      )}

      <div className={classes.layout}>
        <Card p={{ base: 'md', sm: 'lg' }} className={classes.form}>
          <Stack gap="md">
            <Text fw={650} component="h2" m={0} fz="lg">
              {campaignId ? t('campaigns.designer.editTitle') : t('campaigns.designer.newTitle')}
            </Text>
            <SimpleGrid type="container" cols={{ base: 1, '560px': 2 }} spacing="md">
              {languages.map((l, n) => (
                <TextInput
                  key={l}
                  label={t('campaigns.designer.name', { language: t(`sites.languages.${l}`) })}
                  value={draft.names[l] ?? ''}
                  onChange={(e) => {
                    const v = e.currentTarget.value;
                    edit((d) => ({ ...d, names: { ...d.names, [l]: v } }), `names.${l}`);
                  }}
                  error={errors[`names.${l}`] ?? (n === 0 ? errors.names : undefined)}
                  disabled={readOnly}
                  maxLength={TEXT_MAX.default}
                  withAsterisk={n === 0}
                  data-testid={`campaign-name-${l}`}
                />
              ))}
            </SimpleGrid>
            <DatesProvider settings={{ locale: DAYJS_LOCALE[lang] ?? 'ja' }}>
              <SimpleGrid type="container" cols={{ base: 1, '400px': 2 }} spacing="md">
                <DatePickerInput
                  label={t('campaigns.designer.startDate')}
                  value={draft.startDate || null}
                  onChange={(v) => edit((d) => ({ ...d, startDate: v ?? '' }))}
                  valueFormat={DATE_FORMAT[lang] ?? 'YYYY/MM/DD'}
                  error={errors.startDate}
                  disabled={readOnly}
                  withAsterisk
                  data-testid="campaign-start"
                />
                <DatePickerInput
                  label={t('campaigns.designer.endDate')}
                  value={draft.endDate || null}
                  onChange={(v) => edit((d) => ({ ...d, endDate: v ?? '' }))}
                  valueFormat={DATE_FORMAT[lang] ?? 'YYYY/MM/DD'}
                  minDate={draft.startDate || undefined}
                  error={errors.endDate}
                  disabled={readOnly}
                  withAsterisk
                  data-testid="campaign-end"
                />
              </SimpleGrid>
            </DatesProvider>
            <Text size="xs" c="dimmed" mt={-8}>
              {t('campaigns.designer.datesHint')}
            </Text>

            <Stack gap={6}>
              <Group justify="space-between" gap="xs">
                <Text size="sm" fw={500} id="campaign-pages-label">
                  {t('campaigns.designer.pages')}
                </Text>
                <Text size="xs" c="dimmed" data-testid="campaign-pages-count">
                  {t('campaigns.designer.pagesSelected', {
                    count: draft.effectivePages.length,
                    total: pages.length,
                  })}
                </Text>
              </Group>
              <Checkbox
                label={t('campaigns.designer.selectAll')}
                checked={allPages}
                indeterminate={somePages}
                onChange={() => edit((d) => ({ ...d, effectivePages: allPages ? [] : [...pages] }))}
                disabled={readOnly}
                size="sm"
                data-testid="campaign-pages-all"
              />
              {/* biome-ignore lint/a11y/useSemanticElements: a labelled group of checkboxes in a grid */}
              <div className={classes.pageGrid} role="group" aria-labelledby="campaign-pages-label">
                {pages.map((p) => (
                  <Checkbox
                    key={p}
                    label={p}
                    checked={draft.effectivePages.includes(p)}
                    onChange={(e) => {
                      const on = e.currentTarget.checked;
                      edit((d) => ({
                        ...d,
                        effectivePages: on
                          ? pages.filter((q) => q === p || d.effectivePages.includes(q))
                          : d.effectivePages.filter((q) => q !== p),
                      }));
                    }}
                    disabled={readOnly}
                    size="xs"
                    data-testid={`campaign-page-${p}`}
                  />
                ))}
              </div>
              {errors.effectivePages && (
                <Text size="xs" c="red" data-testid="campaign-pages-error">
                  {errors.effectivePages}
                </Text>
              )}
            </Stack>

            <Switch
              label={t('campaigns.designer.clickCounting')}
              description={t('campaigns.designer.clickCountingHint')}
              checked={draft.clickCounting}
              onChange={(e) => {
                const v = e.currentTarget.checked;
                edit((d) => ({ ...d, clickCounting: v }));
              }}
              disabled={readOnly}
              data-testid="campaign-click-counting"
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="campaign-position-label">
                {t('campaigns.designer.position')}
              </Text>
              <SegmentedControl
                aria-labelledby="campaign-position-label"
                data={CAMPAIGN_POSITIONS.map((p) => ({
                  value: String(p),
                  label: `${p} · ${t(`campaigns.designer.positions.${p}`)}`,
                }))}
                value={String(draft.position)}
                onChange={(v) => edit((d) => ({ ...d, position: Number(v) as TCampaignDraft['position'] }))}
                disabled={readOnly}
                data-testid="campaign-position"
              />
            </Stack>
            <MediaSlot
              label={t('campaigns.designer.background')}
              value={draft.background}
              media={media}
              onChange={(ref) => edit((d) => ({ ...d, background: ref }))}
              disabled={readOnly}
              error={errors.background ?? errors['background.assetId']}
              testId="campaign-background"
            />
            <ColorInput
              eyeDropperButtonProps={{ 'aria-label': t('campaigns.designer.pickColour') }}
              label={t('campaigns.designer.backgroundColor')}
              value={draft.backgroundColor}
              onChange={(v) => edit((d) => ({ ...d, backgroundColor: v }), 'backgroundColor')}
              error={errors.backgroundColor}
              disabled={readOnly}
              data-testid="campaign-background-color"
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('campaigns.designer.backgroundOpacity')}
              </Text>
              <Slider
                value={draft.backgroundOpacity}
                onChange={(v) => edit((d) => ({ ...d, backgroundOpacity: v }), 'backgroundOpacity')}
                min={0}
                max={100}
                step={1}
                label={(v) => `${v}%`}
                thumbLabel={t('campaigns.designer.backgroundOpacity')}
                disabled={readOnly}
                data-testid="campaign-background-opacity"
              />
            </Stack>
          </Stack>
        </Card>

        <Stack gap="sm" className={classes.zone}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text fw={650} component="h2" m={0} fz="md">
              {t('campaigns.designer.zone')}
            </Text>
            <Group gap={6} wrap="wrap">
              <FileButton onChange={(f) => void addBanner(f)} accept="image/png,image/jpeg,.jfif,.heic">
                {(props) => (
                  <Button
                    {...props}
                    size="xs"
                    variant="light"
                    leftSection={<IconPhotoPlus size={16} />}
                    disabled={!canAdd || draft.banners.length >= CAMPAIGN_ITEMS_MAX}
                    data-testid="campaign-add-banner"
                  >
                    {t('campaigns.designer.addBanner')}
                  </Button>
                )}
              </FileButton>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconSquarePlus size={16} />}
                onClick={addButton}
                disabled={!canAdd || draft.buttons.length >= CAMPAIGN_ITEMS_MAX}
                data-testid="campaign-add-button"
              >
                {t('campaigns.designer.addButton')}
              </Button>
            </Group>
          </Group>
          <Group gap={6}>
            <UndoRedo store={store} readOnly={readOnly} testIdPrefix="campaign" />
            {tool(
              t('campaigns.designer.forward'),
              <IconArrowUp size={18} />,
              () => selection && edit(restack(draft, selection, 1)),
              readOnly || at < 0 || at === stack.length - 1,
              'campaign-forward',
            )}
            {tool(
              t('campaigns.designer.backward'),
              <IconArrowDown size={18} />,
              () => selection && edit(restack(draft, selection, -1)),
              readOnly || at <= 0,
              'campaign-backward',
            )}
            {tool(
              t('campaigns.designer.removeItem'),
              <IconTrash size={18} />,
              () => {
                if (!selection) return;
                edit(removeItem(draft, selection));
                setSelection(null);
              },
              readOnly || !selected,
              'campaign-remove-item',
            )}
          </Group>
          {itemErrorCount > 0 && (
            <Alert color="red" variant="light" p="xs" icon={<IconAlertTriangle size={16} />}>
              <Text size="xs">{t('campaigns.designer.itemErrors')}</Text>
            </Alert>
          )}
          <CampaignCanvas
            draft={draft}
            selection={selection}
            onSelect={setSelection}
            onChange={edit}
            errors={errors}
            readOnly={readOnly}
            media={media}
            sanitize={sanitize}
            phoneImage={firstPage ? media.urlOf(firstPage) : undefined}
          />
          <Text size="xs" c="dimmed" maw={600}>
            {t('campaigns.designer.itemsHint')}{' '}
            <Text span inherit hiddenFrom="sm">
              {t('campaigns.designer.phoneHint')}
            </Text>
          </Text>
        </Stack>

        <Card p="md" className={classes.inspector} data-testid="campaign-inspector">
          <Stack gap="sm">
            <Text fw={650} component="h2" m={0} fz="md">
              {selected
                ? `${t('campaigns.inspector.title')} · ${
                    selection?.kind === 'banner'
                      ? t('campaigns.designer.bannerN', {
                          n: draft.banners.findIndex((b) => b.id === selected.id) + 1,
                        })
                      : t('campaigns.designer.buttonN', {
                          n: draft.buttons.findIndex((b) => b.id === selected.id) + 1,
                        })
                  }`
                : t('campaigns.inspector.title')}
            </Text>
            {selected && selection ? (
              <CampaignInspector
                key={`${selection.kind}:${selection.id}`}
                siteId={site.id}
                selection={selection}
                item={selected}
                pages={pages}
                errors={itemErrors(errors, draft, selection)}
                readOnly={readOnly}
                media={media}
                onItem={(fn: (i: TItem) => TItem, group?: string) =>
                  edit(updateItem(draft, selection, fn), group)
                }
              />
            ) : (
              <Text size="sm" c="dimmed">
                {t('campaigns.inspector.none')}
              </Text>
            )}
          </Stack>
        </Card>
      </div>

      <LeaveModal
        blocker={blocker}
        title={t('campaigns.designer.leaveTitle')}
        body={t('campaigns.designer.leaveBody')}
        stayLabel={t('campaigns.designer.stay')}
        discardLabel={t('campaigns.designer.discard')}
        stayTestId="campaign-leave-stay"
        discardTestId="campaign-leave-discard"
      />
    </Stack>
  );
}
