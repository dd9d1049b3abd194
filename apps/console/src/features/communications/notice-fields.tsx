import '@mantine/dates/styles.layer.css';
import 'dayjs/locale/ja';
import 'dayjs/locale/ko';
import 'dayjs/locale/zh-cn';
import { Button, Group, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { DatesProvider, DateTimePicker } from '@mantine/dates';
import type { FormErrors, GetInputPropsReturnType } from '@mantine/form';
import {
  NOTICE_CONTENT_MAX,
  PUBLICATIONS,
  type TNoticeState,
  type TPublication,
} from '@swipe/contracts/communications';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { TEXT_MAX } from '@swipe/contracts/site-rules';
import type { TMediaRef } from '@swipe/contracts/sites';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { WriteButton } from '../../app/write-control';
import { MediaSlot, type TMediaUrls } from '../campaigns/campaign-media';
import {
  contentCount,
  DATE_TIME_FORMAT,
  DAYJS_LOCALE,
  type formActions,
  instantOfJstPicker,
  jstPickerValue,
} from './notice-values';

// The fields the news/delivery form and the system-notification form share: title, content
// (120 characters, counted as typed), link, image, immediate or scheduled publication, the JST
// start and end, and the cancel and state buttons. `testId` names each one's test ids: "notice"
// gives notice-title-input, notice-publication, notice-start-input, notice-publish...

type TLock = { locked: boolean; reason: string };

/** The date pickers' calendar in the UI language. */
export function NoticeDatesProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <DatesProvider settings={{ locale: DAYJS_LOCALE[i18n.language as TUiLanguage] ?? 'ja' }}>
      {children}
    </DatesProvider>
  );
}

/** The month arrows' names of a date picker. */
export function usePickerLabels() {
  const { t } = useTranslation();
  return {
    nextLabel: t('communications.form.nextMonth'),
    previousLabel: t('communications.form.previousMonth'),
  };
}

/** Title, content with its counter, and link. */
export function NoticeTextFields(props: {
  testId: string;
  /** The form's input props of these three fields. */
  inputProps: (field: 'title' | 'content' | 'linkUrl') => GetInputPropsReturnType;
  content: string;
  disabled: boolean;
  contentSize?: 'md';
}) {
  const { t } = useTranslation();
  const { testId, inputProps, disabled } = props;
  const count = contentCount(props.content);
  return (
    <>
      <TextInput
        label={t('communications.form.title')}
        withAsterisk
        maxLength={TEXT_MAX.default}
        disabled={disabled}
        {...inputProps('title')}
        data-testid={`${testId}-title-input`}
      />
      <Textarea
        size={props.contentSize}
        label={t('communications.form.content')}
        withAsterisk
        autosize
        minRows={3}
        maxRows={8}
        maxLength={NOTICE_CONTENT_MAX}
        disabled={disabled}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        description={
          <Text
            span
            size="xs"
            c={count >= NOTICE_CONTENT_MAX ? 'orange.9' : 'dimmed'}
            display="block"
            ta="right"
            aria-label={`${t('communications.form.contentCountLabel')}: ${count} / ${NOTICE_CONTENT_MAX}`}
            data-testid={`${testId}-content-count`}
          >
            {t('communications.form.contentCount', { count, max: NOTICE_CONTENT_MAX })}
          </Text>
        }
        {...inputProps('content')}
        data-testid={`${testId}-content-input`}
      />
      <TextInput
        label={t('communications.form.linkUrl')}
        description={t('communications.form.linkUrlHint')}
        inputMode="url"
        autoComplete="url"
        maxLength={TEXT_MAX.url}
        disabled={disabled}
        {...inputProps('linkUrl')}
        data-testid={`${testId}-link-input`}
      />
    </>
  );
}

/** The image, uploaded to the media library. */
export function NoticeImageField(props: {
  testId: string;
  value: TMediaRef | null;
  media: TMediaUrls;
  onChange: (ref: TMediaRef | null) => void;
  disabled: boolean;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <MediaSlot
      label={t('communications.form.image')}
      value={props.value}
      media={props.media}
      onChange={props.onChange}
      disabled={props.disabled}
      error={props.error}
      testId={`${props.testId}-image`}
    />
  );
}

type TScheduleValues = { publication: TPublication; startAt: string | null; endAt: string | null };
type TPeriodField = 'startAt' | 'endAt';

/**
 * Immediate or scheduled publication (worded as `communications.form.{texts}.*`), the JST start
 * (scheduled only) and end, and the note that times are JST.
 */
export function NoticeScheduleFields(props: {
  testId: string;
  texts: 'newsPublication' | 'deliveryPublication';
  values: TScheduleValues;
  errors: FormErrors;
  onChange: (field: keyof TScheduleValues, value: TScheduleValues[keyof TScheduleValues]) => void;
  disabled: boolean;
  size?: 'md';
  /** Marks the end as required while the publication is scheduled. */
  endAsterisk?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { testId, values } = props;
  const scheduled = values.publication === 'SCHEDULED';
  const labels = usePickerLabels();
  const labelId = `${testId}-publication-label`;
  const pickerProps = (field: TPeriodField) => ({
    size: props.size,
    clearable: true,
    valueFormat: DATE_TIME_FORMAT[i18n.language as TUiLanguage] ?? 'YYYY/MM/DD HH:mm',
    disabled: props.disabled,
    ...labels,
    timePickerProps: {
      hoursInputLabel: t('communications.form.hours'),
      minutesInputLabel: t('communications.form.minutes'),
    },
    submitButtonProps: { 'aria-label': t('communications.form.confirmTime') },
    value: jstPickerValue(values[field]),
    onChange: (v: string | null) => props.onChange(field, instantOfJstPicker(v)),
    error: props.errors[field],
  });
  return (
    <>
      <Stack gap={6}>
        <Text size="sm" fw={500} id={labelId}>
          {t('communications.form.publication')}
        </Text>
        <SegmentedControl
          aria-labelledby={labelId}
          data={PUBLICATIONS.map((p) => ({
            value: p,
            label: t(`communications.form.${props.texts}.${p}`),
          }))}
          value={values.publication}
          onChange={(v) => props.onChange('publication', v as TPublication)}
          disabled={props.disabled}
          style={{ alignSelf: 'flex-start' }}
          data-testid={`${testId}-publication`}
        />
      </Stack>
      <NoticeDatesProvider>
        <SimpleGrid type="container" cols={{ base: 1, '480px': 2 }} spacing="md">
          {scheduled && (
            <DateTimePicker
              label={t('communications.form.startAt')}
              withAsterisk
              {...pickerProps('startAt')}
              data-testid={`${testId}-start-input`}
            />
          )}
          <DateTimePicker
            label={t('communications.form.endAt')}
            description={scheduled ? undefined : t('communications.form.endOptional')}
            withAsterisk={props.endAsterisk && scheduled}
            {...pickerProps('endAt')}
            data-testid={`${testId}-end-input`}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt={-6}>
          {t('communications.form.timesJst')}
        </Text>
      </NoticeDatesProvider>
    </>
  );
}

/** Cancel, then a button a state the item may be saved in (formActions). */
export function NoticeFormActions(props: {
  testId: string;
  actions: ReturnType<typeof formActions>;
  pending: TNoticeState | null;
  write: TLock;
  onCancel: () => void;
  onAction: (state: TNoticeState) => void;
  /** The primary action is the form's submit button (Enter in a field presses it). */
  primarySubmits?: boolean;
}) {
  const { t } = useTranslation();
  const { testId, pending, write } = props;
  return (
    <Group justify="flex-end" gap="sm" wrap="wrap">
      <Button
        variant="default"
        onClick={props.onCancel}
        disabled={pending !== null}
        data-testid={`${testId}-cancel`}
      >
        {t('communications.form.cancel')}
      </Button>
      {props.actions.map((action) => {
        const submits = props.primarySubmits && action.primary;
        return (
          <WriteButton
            key={action.label}
            locked={write.locked}
            reason={write.reason}
            type={submits ? 'submit' : 'button'}
            variant={action.primary ? 'filled' : action.state === 'UNPUBLISHED' ? 'light' : 'default'}
            color={action.state === 'UNPUBLISHED' && !action.primary ? 'orange' : undefined}
            loading={pending === action.state}
            disabled={pending !== null && pending !== action.state}
            onClick={submits ? undefined : () => props.onAction(action.state)}
            data-testid={`${testId}-${action.label}`}
          >
            {t(`communications.form.${action.label}`)}
          </WriteButton>
        );
      })}
    </Group>
  );
}
