import { Alert, Button, Card, FileButton, Group, Stack, Text } from '@mantine/core';
import { CAMPAIGN_ITEMS_MAX } from '@swipe/contracts/campaigns';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import type { TSiteDetail } from '@swipe/contracts/site-api';
import { gridCoordinates } from '@swipe/contracts/site-grid-rules';
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
import { useCampaignMedia } from './campaign-media';
import { CampaignSettings } from './campaign-settings';
import classes from './campaigns.module.css';
import { campaignKeys, campaignsApi } from './campaigns-api';

type TLock = { locked: boolean; reason: string };

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
        <CampaignSettings
          draft={draft}
          pages={pages}
          languages={languages}
          isNew={campaignId === null}
          errors={errors}
          readOnly={readOnly}
          media={media}
          edit={edit}
        />

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
