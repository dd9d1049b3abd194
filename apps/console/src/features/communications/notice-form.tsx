import '@mantine/dates/styles.layer.css';
import 'dayjs/locale/ja';
import 'dayjs/locale/ko';
import 'dayjs/locale/zh-cn';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DatePickerInput, DatesProvider, DateTimePicker } from '@mantine/dates';
import {
  NOTICE_CONTENT_MAX,
  PUBLICATIONS,
  type TDeliveryInput,
  type TNewsInput,
  type TNoticeState,
  zDeliveryInput,
  zNewsInput,
} from '@swipe/contracts/communications';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { TEXT_MAX } from '@swipe/contracts/site-rules';
import type { TSiteLanguage } from '@swipe/contracts/sites';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { reportFormError, useZodForm, zodErrors } from '../../app/forms';
import { notifyError } from '../../app/notify';
import { WriteButton } from '../../app/write-control';
import { MediaSlot, useCampaignMedia } from '../campaigns/campaign-media';
import type { TNewsSiteOption } from './communications-api';
import type { TNoticeKind } from './notice-list';
import {
  contentCount,
  DATE_FORMAT,
  DATE_TIME_FORMAT,
  DAYJS_LOCALE,
  deliveryBody,
  formActions,
  instantOfJstPicker,
  jstPickerValue,
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

/** Focuses the first field with an error, once painted. */
function focusFirstError(root: HTMLElement | null) {
  requestAnimationFrame(() => {
    const el = root?.querySelector<HTMLElement>('[aria-invalid="true"], [data-error="true"]');
    el?.focus();
  });
}

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
  const [pending, setPending] = useState<TNoticeState | null>(null);
  const rootRef = useRef<HTMLFormElement>(null);
  const leaving = useRef(false);

  const submit = async (state: TNoticeState) => {
    if (readOnly || pending) return;
    const current = form.getValues();
    const body = kind === 'news' ? newsBody(current, state) : deliveryBody(current, state);
    const errors = zodErrors(schema, body, lang);
    form.setErrors(errors);
    const count = Object.keys(errors).length;
    if (count > 0) {
      notifyError(t('communications.form.fixErrors', { count }));
      focusFirstError(rootRef.current);
      return;
    }
    setPending(state);
    try {
      const saved = await props.onSubmit(body);
      form.resetDirty({ ...current, state });
      leaving.current = true;
      props.onSaved(saved);
    } catch (error) {
      reportFormError(form, error);
      focusFirstError(rootRef.current);
    } finally {
      setPending(null);
    }
  };

  // Leaving with unsaved changes asks first: in the app, and when the tab closes.
  const dirty = !readOnly && form.isDirty();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !leaving.current && !pending && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const scheduled = values.publication === 'SCHEDULED';
  const pickerLabels = {
    nextLabel: t('communications.form.nextMonth'),
    previousLabel: t('communications.form.previousMonth'),
  };
  const timePickerProps = {
    hoursInputLabel: t('communications.form.hours'),
    minutesInputLabel: t('communications.form.minutes'),
  };
  const submitButtonProps = { 'aria-label': t('communications.form.confirmTime') };
  const instantInput = (field: 'startAt' | 'endAt') => ({
    value: jstPickerValue(values[field]),
    onChange: (v: string | null) => form.setFieldValue(field, instantOfJstPicker(v)),
    error: form.errors[field],
  });
  const sitesData = props.sites
    ? siteSelectData(props.sites.options, props.sites.chosen, t('communications.form.otherSites'))
    : [];
  const publicationKey = kind === 'news' ? 'newsPublication' : 'deliveryPublication';
  const count = contentCount(values.content);

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
          <DatesProvider settings={{ locale: DAYJS_LOCALE[lang] ?? 'ja' }}>
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
              <TextInput
                label={t('communications.form.title')}
                withAsterisk
                maxLength={TEXT_MAX.default}
                disabled={readOnly}
                {...form.getInputProps('title')}
                data-testid="notice-title-input"
              />
              <Textarea
                size="md"
                label={t('communications.form.content')}
                withAsterisk
                autosize
                minRows={3}
                maxRows={8}
                maxLength={NOTICE_CONTENT_MAX}
                disabled={readOnly}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                description={
                  <Text
                    span
                    size="xs"
                    c={count >= NOTICE_CONTENT_MAX ? 'orange.9' : 'dimmed'}
                    display="block"
                    ta="right"
                    aria-label={`${t('communications.form.contentCountLabel')}: ${count} / ${NOTICE_CONTENT_MAX}`}
                    data-testid="notice-content-count"
                  >
                    {t('communications.form.contentCount', { count, max: NOTICE_CONTENT_MAX })}
                  </Text>
                }
                {...form.getInputProps('content')}
                data-testid="notice-content-input"
              />
              <TextInput
                label={t('communications.form.linkUrl')}
                description={t('communications.form.linkUrlHint')}
                inputMode="url"
                autoComplete="url"
                maxLength={TEXT_MAX.url}
                disabled={readOnly}
                {...form.getInputProps('linkUrl')}
                data-testid="notice-link-input"
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
              <MediaSlot
                label={t('communications.form.image')}
                value={values.image}
                media={media}
                onChange={(ref) => form.setFieldValue('image', ref)}
                disabled={readOnly}
                error={errorText(form.errors.image ?? form.errors['image.assetId'])}
                testId="notice-image"
              />
            </Stack>
          </DatesProvider>
        </Card>

        <Card p={{ base: 'md', sm: 'lg' }}>
          <DatesProvider settings={{ locale: DAYJS_LOCALE[lang] ?? 'ja' }}>
            <Stack gap="md">
              <Stack gap={6}>
                <Text size="sm" fw={500} id="notice-publication-label">
                  {t('communications.form.publication')}
                </Text>
                <SegmentedControl
                  aria-labelledby="notice-publication-label"
                  data={PUBLICATIONS.map((p) => ({
                    value: p,
                    label: t(`communications.form.${publicationKey}.${p}`),
                  }))}
                  value={values.publication}
                  onChange={(v) => form.setFieldValue('publication', v as TNoticeFormValues['publication'])}
                  disabled={readOnly}
                  style={{ alignSelf: 'flex-start' }}
                  data-testid="notice-publication"
                />
              </Stack>
              <SimpleGrid type="container" cols={{ base: 1, '480px': 2 }} spacing="md">
                {scheduled && (
                  <DateTimePicker
                    size="md"
                    label={t('communications.form.startAt')}
                    withAsterisk
                    clearable
                    valueFormat={DATE_TIME_FORMAT[lang] ?? 'YYYY/MM/DD HH:mm'}
                    disabled={readOnly}
                    {...pickerLabels}
                    timePickerProps={timePickerProps}
                    submitButtonProps={submitButtonProps}
                    {...instantInput('startAt')}
                    data-testid="notice-start-input"
                  />
                )}
                <DateTimePicker
                  size="md"
                  label={t('communications.form.endAt')}
                  description={scheduled ? undefined : t('communications.form.endOptional')}
                  withAsterisk={scheduled}
                  clearable
                  valueFormat={DATE_TIME_FORMAT[lang] ?? 'YYYY/MM/DD HH:mm'}
                  disabled={readOnly}
                  {...pickerLabels}
                  timePickerProps={timePickerProps}
                  submitButtonProps={submitButtonProps}
                  {...instantInput('endAt')}
                  data-testid="notice-end-input"
                />
              </SimpleGrid>
              <Text size="xs" c="dimmed" mt={-6}>
                {t('communications.form.timesJst')}
              </Text>
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
          </DatesProvider>
        </Card>

        <Group justify="flex-end" gap="sm" wrap="wrap">
          <Button
            variant="default"
            onClick={props.onCancel}
            disabled={pending !== null}
            data-testid="notice-cancel"
          >
            {t('communications.form.cancel')}
          </Button>
          {formActions(props.savedState).map((action) => (
            <WriteButton
              key={action.label}
              locked={write.locked}
              reason={write.reason}
              type="button"
              variant={action.primary ? 'filled' : action.state === 'UNPUBLISHED' ? 'light' : 'default'}
              color={action.state === 'UNPUBLISHED' && !action.primary ? 'orange' : undefined}
              loading={pending === action.state}
              disabled={pending !== null && pending !== action.state}
              onClick={() => void submit(action.state)}
              data-testid={`notice-${action.label}`}
            >
              {t(`communications.form.${action.label}`)}
            </WriteButton>
          ))}
        </Group>
      </Stack>

      <Modal
        opened={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title={<Text fw={650}>{t('communications.form.leaveTitle')}</Text>}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{t('communications.form.leaveBody')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => blocker.reset?.()}
              data-autofocus
              data-testid="notice-leave-stay"
            >
              {t('communications.form.stay')}
            </Button>
            <Button color="red" onClick={() => blocker.proceed?.()} data-testid="notice-leave-discard">
              {t('communications.form.discard')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}
