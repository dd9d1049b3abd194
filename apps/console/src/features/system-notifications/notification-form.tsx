import '@mantine/dates/styles.layer.css';
import 'dayjs/locale/ja';
import 'dayjs/locale/ko';
import 'dayjs/locale/zh-cn';
import {
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DatesProvider, DateTimePicker } from '@mantine/dates';
import {
  NOTICE_AUDIENCES,
  NOTICE_CONTENT_MAX,
  PUBLICATIONS,
  type TNoticeAudience,
  type TNoticeState,
  type TPublication,
  type TSystemNotification,
  type TSystemNotificationInput,
  ZSystemNotificationInput,
} from '@swipe/contracts/communications';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { TEXT_MAX } from '@swipe/contracts/site-rules';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import type { TEnvelope } from '../../app/api-client';
import { reportFormError, useZodForm, zodErrors } from '../../app/forms';
import { notifyError } from '../../app/notify';
import type { TWriteAccess } from '../../app/write-access';
import { WriteButton } from '../../app/write-control';
import { MediaSlot, useCampaignMedia } from '../campaigns/campaign-media';
import { NEWS_UPLOAD_ENDPOINT } from '../communications/communications-api';
import {
  contentCount,
  DATE_TIME_FORMAT,
  DAYJS_LOCALE,
  formActions,
  instantOfJstPicker,
  jstPickerValue,
} from '../communications/notice-values';
import { inputOf } from './notification-rules';

// The form of a system notification (create, and edit from its page): title, content (120
// characters, counted as typed), link, image, the target audiences, immediate or scheduled
// publication with its JST start and end. The button pressed picks the state saved (draft,
// published, unpublished); the contract's own schema validates it first.

/** Focuses the first field with an error, once painted. */
function focusFirstError(root: HTMLElement | null) {
  requestAnimationFrame(() => {
    const el = root?.querySelector<HTMLElement>('[aria-invalid="true"], [data-error="true"] input');
    el?.focus();
  });
}

export function NotificationForm(props: {
  initial: TSystemNotificationInput;
  /** The saved notification (null: a new one). */
  saved: TSystemNotification | null;
  write: TWriteAccess;
  /** Saves; rejects with the API's error (field errors go to their fields). */
  onSubmit: (input: TSystemNotificationInput) => Promise<TEnvelope<TSystemNotification>>;
  onSaved: (saved: TEnvelope<TSystemNotification>) => void;
  onCancel: () => void;
}) {
  const { write, saved } = props;
  const { t, i18n } = useTranslation();
  const lang = i18n.language as TUiLanguage;
  const readOnly = write.locked;
  const form = useZodForm<TSystemNotificationInput>(ZSystemNotificationInput, props.initial);
  const values = form.getValues();
  const media = useCampaignMedia(
    { endpoint: NEWS_UPLOAD_ENDPOINT },
    saved?.image && saved.imageUrl ? { [saved.image.assetId]: saved.imageUrl } : {},
  );
  const [pending, setPending] = useState<TNoticeState | null>(null);
  const rootRef = useRef<HTMLFormElement>(null);
  const leaving = useRef(false);
  const actions = formActions(saved?.state ?? null);

  const submit = async (state: TNoticeState) => {
    if (readOnly || pending) return;
    const current = form.getValues();
    const input = inputOf(current, state);
    const errors = zodErrors(ZSystemNotificationInput, input, lang);
    form.setErrors(errors);
    const count = Object.keys(errors).length;
    if (count > 0) {
      notifyError(t('communications.form.fixErrors', { count }));
      focusFirstError(rootRef.current);
      return;
    }
    setPending(state);
    try {
      const answer = await props.onSubmit(input);
      form.resetDirty({ ...current, state });
      leaving.current = true;
      props.onSaved(answer);
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
      dirty &&
      !leaving.current &&
      !pending &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const scheduled = values.publication === 'SCHEDULED';
  const pickerProps = {
    clearable: true,
    valueFormat: DATE_TIME_FORMAT[lang] ?? 'YYYY/MM/DD HH:mm',
    disabled: readOnly,
    nextLabel: t('communications.form.nextMonth'),
    previousLabel: t('communications.form.previousMonth'),
    timePickerProps: {
      hoursInputLabel: t('communications.form.hours'),
      minutesInputLabel: t('communications.form.minutes'),
    },
    submitButtonProps: { 'aria-label': t('communications.form.confirmTime') },
  };
  const instantInput = (field: 'startAt' | 'endAt') => ({
    value: jstPickerValue(values[field]),
    onChange: (v: string | null) => form.setFieldValue(field, instantOfJstPicker(v)),
    error: form.errors[field],
  });
  const count = contentCount(values.content);

  return (
    <form
      ref={rootRef}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const primary = actions.find((a) => a.primary);
        if (primary) void submit(primary.state);
      }}
      data-testid="notification-form"
    >
      <Stack gap="lg">
        <Card p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <TextInput
              label={t('communications.form.title')}
              withAsterisk
              maxLength={TEXT_MAX.default}
              disabled={readOnly}
              {...form.getInputProps('title')}
              data-testid="notification-title-input"
            />
            <Textarea
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
                  data-testid="notification-content-count"
                >
                  {t('communications.form.contentCount', { count, max: NOTICE_CONTENT_MAX })}
                </Text>
              }
              {...form.getInputProps('content')}
              data-testid="notification-content-input"
            />
            <TextInput
              label={t('communications.form.linkUrl')}
              description={t('communications.form.linkUrlHint')}
              inputMode="url"
              autoComplete="url"
              maxLength={TEXT_MAX.url}
              disabled={readOnly}
              {...form.getInputProps('linkUrl')}
              data-testid="notification-link-input"
            />
            <MediaSlot
              label={t('communications.form.image')}
              value={values.image}
              media={media}
              onChange={(ref) => form.setFieldValue('image', ref)}
              disabled={readOnly}
              error={typeof form.errors.image === 'string' ? form.errors.image : undefined}
              testId="notification-image"
            />
          </Stack>
        </Card>

        <Card p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <Checkbox.Group
              label={t('systemNotifications.form.audiences')}
              withAsterisk
              value={values.audiences}
              onChange={(v) => form.setFieldValue('audiences', v as TNoticeAudience[])}
              error={form.errors.audiences}
              data-testid="notification-audiences-input"
            >
              <SimpleGrid type="container" cols={{ base: 1, '420px': 2 }} spacing="xs" mt={8}>
                {NOTICE_AUDIENCES.map((a) => (
                  <Checkbox
                    key={a}
                    value={a}
                    label={t(`systemNotifications.audience.${a}`)}
                    disabled={readOnly}
                    data-testid={`notification-audience-${a}`}
                  />
                ))}
              </SimpleGrid>
            </Checkbox.Group>

            <Stack gap={6}>
              <Text size="sm" fw={500} id="notification-publication-label">
                {t('communications.form.publication')}
              </Text>
              <SegmentedControl
                aria-labelledby="notification-publication-label"
                data={PUBLICATIONS.map((p) => ({
                  value: p,
                  label: t(`communications.form.newsPublication.${p}`),
                }))}
                value={values.publication}
                onChange={(v) => form.setFieldValue('publication', v as TPublication)}
                disabled={readOnly}
                style={{ alignSelf: 'flex-start' }}
                data-testid="notification-publication"
              />
            </Stack>
            <DatesProvider settings={{ locale: DAYJS_LOCALE[lang] ?? 'ja' }}>
              <SimpleGrid type="container" cols={{ base: 1, '480px': 2 }} spacing="md">
                {scheduled && (
                  <DateTimePicker
                    label={t('communications.form.startAt')}
                    withAsterisk
                    {...pickerProps}
                    {...instantInput('startAt')}
                    data-testid="notification-start-input"
                  />
                )}
                <DateTimePicker
                  label={t('communications.form.endAt')}
                  description={scheduled ? undefined : t('communications.form.endOptional')}
                  {...pickerProps}
                  {...instantInput('endAt')}
                  data-testid="notification-end-input"
                />
              </SimpleGrid>
            </DatesProvider>
            <Text size="xs" c="dimmed" mt={-6}>
              {t('communications.form.timesJst')}
            </Text>
          </Stack>
        </Card>

        <Group justify="flex-end" gap="sm" wrap="wrap">
          <Button
            variant="default"
            onClick={props.onCancel}
            disabled={pending !== null}
            data-testid="notification-cancel"
          >
            {t('communications.form.cancel')}
          </Button>
          {actions.map((action) => (
            <WriteButton
              key={action.label}
              locked={write.locked}
              reason={write.reason}
              type={action.primary ? 'submit' : 'button'}
              variant={action.primary ? 'filled' : action.state === 'UNPUBLISHED' ? 'light' : 'default'}
              color={action.state === 'UNPUBLISHED' && !action.primary ? 'orange' : undefined}
              loading={pending === action.state}
              disabled={pending !== null && pending !== action.state}
              onClick={action.primary ? undefined : () => void submit(action.state)}
              data-testid={`notification-${action.label}`}
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
            <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
              {t('communications.form.stay')}
            </Button>
            <Button color="red" onClick={() => blocker.proceed?.()} data-testid="notification-leave-discard">
              {t('communications.form.discard')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}
