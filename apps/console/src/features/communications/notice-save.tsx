import type { UseFormReturnType } from '@mantine/form';
import type { TNoticeState } from '@swipe/contracts/communications';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { type RefObject, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Blocker } from 'react-router';
import type { z } from 'zod';
import { reportFormError, zodErrors } from '../../app/forms';
import { LeaveModal, useLeaveGuard } from '../../app/leave-guard';
import { notifyError } from '../../app/notify';

// Saving the news/delivery form and the system-notification form: the button pressed picks the
// state saved, the contract's schema checks the body first (the first field in error takes the
// focus), the API's field errors go to their fields, and leaving with unsaved changes asks first.

/** Focuses the first field with an error, once painted. */
function focusFirstError(root: HTMLElement | null, errorTarget: string) {
  requestAnimationFrame(() => {
    const el = root?.querySelector<HTMLElement>(`[aria-invalid="true"], ${errorTarget}`);
    el?.focus();
  });
}

export function useNoticeSave<V extends { state: TNoticeState }, B, R>(options: {
  form: UseFormReturnType<V>;
  readOnly: boolean;
  schema: z.ZodType;
  /** The body saved in a state. */
  bodyOf: (values: V, state: TNoticeState) => B;
  /** Saves; rejects with the API's error. */
  onSubmit: (body: B) => Promise<R>;
  /** After a save, once the form counts as saved (to navigate away). */
  onSaved: (saved: R) => void;
  /** Besides an invalid input, what may take the focus when in error. */
  errorTarget?: string;
  /** A change of the address's query (?edit=1) counts as leaving too. */
  searchLeaves?: boolean;
}): {
  pending: TNoticeState | null;
  submit: (state: TNoticeState) => Promise<void>;
  rootRef: RefObject<HTMLFormElement | null>;
  blocker: Blocker;
} {
  const { form, readOnly, schema, errorTarget = '[data-error="true"]' } = options;
  const { t, i18n } = useTranslation();
  const lang = i18n.language as TUiLanguage;
  const [pending, setPending] = useState<TNoticeState | null>(null);
  const rootRef = useRef<HTMLFormElement>(null);
  const leaving = useRef(false);

  const submit = async (state: TNoticeState) => {
    if (readOnly || pending) return;
    const current = form.getValues();
    const body = options.bodyOf(current, state);
    const errors = zodErrors(schema, body, lang);
    form.setErrors(errors);
    const count = Object.keys(errors).length;
    if (count > 0) {
      notifyError(t('communications.form.fixErrors', { count }));
      focusFirstError(rootRef.current, errorTarget);
      return;
    }
    setPending(state);
    try {
      const saved = await options.onSubmit(body);
      form.resetDirty({ ...current, state });
      leaving.current = true;
      options.onSaved(saved);
    } catch (error) {
      reportFormError(form, error);
      focusFirstError(rootRef.current, errorTarget);
    } finally {
      setPending(null);
    }
  };

  // Leaving with unsaved changes asks first: in the app, and when the tab closes.
  const dirty = !readOnly && form.isDirty();
  const blocker = useLeaveGuard(
    dirty,
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !leaving.current &&
      !pending &&
      (currentLocation.pathname !== nextLocation.pathname ||
        (options.searchLeaves === true && currentLocation.search !== nextLocation.search)),
  );
  return { pending, submit, rootRef, blocker };
}

/** "Leave without saving?" of the two forms. */
export function NoticeLeaveModal(props: { blocker: Blocker; discardTestId: string; stayTestId?: string }) {
  const { t } = useTranslation();
  return (
    <LeaveModal
      blocker={props.blocker}
      title={t('communications.form.leaveTitle')}
      body={t('communications.form.leaveBody')}
      stayLabel={t('communications.form.stay')}
      discardLabel={t('communications.form.discard')}
      stayTestId={props.stayTestId}
      discardTestId={props.discardTestId}
      focusStay
    />
  );
}
