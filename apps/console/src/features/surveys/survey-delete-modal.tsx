import type { TSurveySummary } from '@swipe/contracts/surveys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/api-client';
import { ConfirmDeleteModal } from '../../app/confirm-delete-modal';
import { notifyError, notifySuccess } from '../../app/notify';
import { surveyKeys, surveysApi } from './surveys-api';

/** Asks before deleting a survey (and how many answers go with it); null keeps it closed. */
export function SurveyDeleteModal({
  survey,
  siteId,
  onClose,
}: {
  survey: TSurveySummary | null;
  siteId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: string) => surveysApi.remove(id, { toast: false }),
    onSuccess: ({ message }) => {
      notifySuccess(message ?? t('surveys.delete.confirm'));
      void queryClient.invalidateQueries({ queryKey: surveyKeys.list(siteId) });
      onClose();
    },
    // A survey a link button still leads to is refused with the server's reason.
    onError: (error) => notifyError(error instanceof ApiError ? error.message : t('surveys.loadFailed')),
  });
  return (
    <ConfirmDeleteModal
      item={survey}
      title={t('surveys.delete.title')}
      intro={(s) => t('surveys.delete.intro', { name: s.name })}
      consequences={(s) => [
        ...(s.responses > 0 ? [t('surveys.delete.answers', { count: s.responses })] : []),
        t('surveys.delete.irreversible'),
      ]}
      confirmLabel={t('surveys.delete.confirm')}
      cancelLabel={t('surveys.cancel')}
      pending={remove.isPending}
      onConfirm={(s) => remove.mutate(s.id)}
      onClose={onClose}
      onItemChange={remove.reset}
      testId="delete-survey"
    />
  );
}
