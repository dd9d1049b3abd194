import { Card, Checkbox, SimpleGrid, Stack } from '@mantine/core';
import {
  NOTICE_AUDIENCES,
  type TNoticeAudience,
  type TSystemNotification,
  type TSystemNotificationInput,
  ZSystemNotificationInput,
} from '@swipe/contracts/communications';
import { useTranslation } from 'react-i18next';
import type { TEnvelope } from '../../app/api-client';
import { useZodForm } from '../../app/forms';
import type { TWriteAccess } from '../../app/write-access';
import { useCampaignMedia } from '../campaigns/campaign-media';
import { NEWS_UPLOAD_ENDPOINT } from '../communications/communications-api';
import {
  NoticeFormActions,
  NoticeImageField,
  NoticeScheduleFields,
  NoticeTextFields,
} from '../communications/notice-fields';
import { NoticeLeaveModal, useNoticeSave } from '../communications/notice-save';
import { formActions } from '../communications/notice-values';
import { inputOf } from './notification-rules';

// The form of a system notification (create, and edit from its page): title, content (120
// characters, counted as typed), link, image, the target audiences, immediate or scheduled
// publication with its JST start and end. The button pressed picks the state saved (draft,
// published, unpublished); the contract's own schema validates it first.

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
  const { t } = useTranslation();
  const readOnly = write.locked;
  const form = useZodForm<TSystemNotificationInput>(ZSystemNotificationInput, props.initial);
  const values = form.getValues();
  const media = useCampaignMedia(
    { endpoint: NEWS_UPLOAD_ENDPOINT },
    saved?.image && saved.imageUrl ? { [saved.image.assetId]: saved.imageUrl } : {},
  );
  const { pending, submit, rootRef, blocker } = useNoticeSave({
    form,
    readOnly,
    schema: ZSystemNotificationInput,
    bodyOf: inputOf,
    onSubmit: props.onSubmit,
    onSaved: props.onSaved,
    errorTarget: '[data-error="true"] input',
    searchLeaves: true,
  });
  const actions = formActions(saved?.state ?? null);

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
            <NoticeTextFields
              testId="notification"
              inputProps={form.getInputProps}
              content={values.content}
              disabled={readOnly}
            />
            <NoticeImageField
              testId="notification"
              value={values.image}
              media={media}
              onChange={(ref) => form.setFieldValue('image', ref)}
              disabled={readOnly}
              error={typeof form.errors.image === 'string' ? form.errors.image : undefined}
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

            <NoticeScheduleFields
              testId="notification"
              texts="newsPublication"
              values={values}
              errors={form.errors}
              onChange={(field, value) => form.setFieldValue(field, value)}
              disabled={readOnly}
            />
          </Stack>
        </Card>

        <NoticeFormActions
          testId="notification"
          actions={actions}
          pending={pending}
          write={write}
          onCancel={props.onCancel}
          onAction={(state) => void submit(state)}
          primarySubmits
        />
      </Stack>

      <NoticeLeaveModal blocker={blocker} discardTestId="notification-leave-discard" />
    </form>
  );
}
