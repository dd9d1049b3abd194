import { Alert, Card, Checkbox, Group, MultiSelect, SimpleGrid, Stack } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import {
  type TDeliveryInput,
  type TNewsInput,
  type TNoticeState,
  zDeliveryInput,
  zNewsInput,
} from '@swipe/contracts/communications';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import type { TSiteLanguage } from '@swipe/contracts/sites';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useZodForm } from '../../app/forms';
import { useCampaignMedia } from '../campaigns/campaign-media';
import type { TNewsSiteOption } from './communications-api';
import {
  NoticeDatesProvider,
  NoticeFormActions,
  NoticeImageField,
  NoticeScheduleFields,
  NoticeTextFields,
  usePickerLabels,
} from './notice-fields';
import type { TNoticeKind } from './notice-list';
import { NoticeLeaveModal, useNoticeSave } from './notice-save';
import {
  DATE_FORMAT,
  deliveryBody,
  formActions,
  newsBody,
  siteSelectData,
  type TNoticeFormValues,
} from './notice-values';

// The one form of latest information and notification delivery: title, content (120 characters,
// counted as typed), link, posted date, image, immediate or scheduled publication with its JST
// start and end, languages, and (news) the distribution sites. The button pressed picks the
// state saved: draft, published or unpublished. Validated with the contract's own schema.

type TLock = { locked: boolean; reason: string };

export type TNoticeBody = TNewsInput | TDeliveryInput;

export type TNoticeFormProps = {
  kind: TNoticeKind;
  initial: TNoticeFormValues;
  /** The saved item's state (null: a new item). */
  savedState: TNoticeState | null;
  /** The saved item's image address. */
  imageUrl: string | null;
  /** Whose library takes uploaded images. */
  mediaOwner: { accountId?: string; endpoint?: string };
  /** The content languages offered (a delivery: its site's). */
  languages: readonly TSiteLanguage[];
  /** News: the sites that may be chosen, and the saved choice with its names. */
  sites?: {
    options: readonly TNewsSiteOption[];
    chosen: readonly { id: string; name: string }[];
    loading: boolean;
    failed: boolean;
  };
  write: TLock;
  /** Saves; rejects with the API's error (field errors go to their fields). */
  onSubmit: (body: TNoticeBody) => Promise<unknown>;
  /** After a save, once the form counts as saved (to navigate away). */
  onSaved: (saved: unknown) => void;
  onCancel: () => void;
};

const errorText = (e: unknown) => (typeof e === 'string' ? e : undefined);

export function NoticeForm(props: TNoticeFormProps) {
  const { kind, write } = props;
  const { t, i18n } = useTranslation();
  const lang = i18n.language as TUiLanguage;
  const readOnly = write.locked;
  const schema = useMemo(() => (kind === 'news' ? zNewsInput() : zDeliveryInput()), [kind]);
  const form = useZodForm<TNoticeFormValues>(schema, props.initial);
  const values = form.getValues();
  const media = useCampaignMedia(
    props.mediaOwner,
    props.initial.image && props.imageUrl ? { [props.initial.image.assetId]: props.imageUrl } : {},
  );
  const { pending, submit, rootRef, blocker } = useNoticeSave({
    form,
    readOnly,
    schema,
    bodyOf: (current, state): TNoticeBody =>
      kind === 'news' ? newsBody(current, state) : deliveryBody(current, state),
    onSubmit: props.onSubmit,
    onSaved: props.onSaved,
  });
  const pickerLabels = usePickerLabels();
  const sitesData = props.sites
    ? siteSelectData(props.sites.options, props.sites.chosen, t('communications.form.otherSites'))
    : [];

  return (
    <form
      ref={rootRef}
      noValidate
      // Enter in a field does not publish: each state has its own button.
      onSubmit={(e) => e.preventDefault()}
      data-testid="notice-form"
    >
      <Stack gap="lg">
        {readOnly && (
          <Alert color="gray" icon={<IconLock size={18} />} data-testid="notice-read-only">
            {write.reason || t('communications.form.readOnly')}
          </Alert>
        )}
        <Card p={{ base: 'md', sm: 'lg' }}>
          <NoticeDatesProvider>
            <Stack gap="md">
              {props.sites && (
                <>
                  <MultiSelect
                    size="md"
                    label={t('communications.form.sites')}
                    placeholder={
                      values.siteIds.length === 0 ? t('communications.form.sitesPlaceholder') : undefined
                    }
                    data={sitesData}
                    searchable
                    clearable
                    withAsterisk
                    nothingFoundMessage={t('communications.form.sitesNothing')}
                    disabled={readOnly || props.sites.loading}
                    maxValues={200}
                    comboboxProps={{ withinPortal: true }}
                    {...form.getInputProps('siteIds')}
                    data-testid="notice-sites-input"
                  />
                  {props.sites.failed && (
                    <Alert color="orange" icon={<IconAlertTriangle size={18} />} p="xs">
                      {t('communications.news.sitesLoadFailed')}
                    </Alert>
                  )}
                </>
              )}
              <NoticeTextFields
                testId="notice"
                inputProps={form.getInputProps}
                content={values.content}
                disabled={readOnly}
                contentSize="md"
              />
              <SimpleGrid type="container" cols={{ base: 1, '480px': 2 }} spacing="md">
                <DatePickerInput
                  size="md"
                  label={t('communications.form.postedDate')}
                  description={t('communications.form.postedDateHint')}
                  withAsterisk
                  valueFormat={DATE_FORMAT[lang] ?? 'YYYY/MM/DD'}
                  disabled={readOnly}
                  {...pickerLabels}
                  {...form.getInputProps('postedDate')}
                  onChange={(v) => form.setFieldValue('postedDate', v ?? '')}
                  value={values.postedDate || null}
                  data-testid="notice-posted-input"
                />
              </SimpleGrid>
              <NoticeImageField
                testId="notice"
                value={values.image}
                media={media}
                onChange={(ref) => form.setFieldValue('image', ref)}
                disabled={readOnly}
                error={errorText(form.errors.image ?? form.errors['image.assetId'])}
              />
            </Stack>
          </NoticeDatesProvider>
        </Card>

        <Card p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <NoticeScheduleFields
              testId="notice"
              texts={kind === 'news' ? 'newsPublication' : 'deliveryPublication'}
              values={values}
              errors={form.errors}
              onChange={(field, value) => form.setFieldValue(field, value)}
              disabled={readOnly}
              size="md"
              endAsterisk
            />
            <Checkbox.Group
              label={t('communications.form.languages')}
              description={t('communications.form.languagesHint')}
              value={values.languages}
              onChange={(v) => form.setFieldValue('languages', v as TSiteLanguage[])}
              error={form.errors.languages}
            >
              <Group gap="md" mt={6}>
                {props.languages.map((l) => (
                  <Checkbox
                    key={l}
                    value={l}
                    label={t(`sites.languages.${l}`)}
                    disabled={readOnly}
                    data-testid={`notice-language-${l}`}
                  />
                ))}
              </Group>
            </Checkbox.Group>
          </Stack>
        </Card>

        <NoticeFormActions
          testId="notice"
          actions={formActions(props.savedState)}
          pending={pending}
          write={write}
          onCancel={props.onCancel}
          onAction={(state) => void submit(state)}
        />
      </Stack>

      <NoticeLeaveModal
        blocker={blocker}
        stayTestId="notice-leave-stay"
        discardTestId="notice-leave-discard"
      />
    </form>
  );
}
