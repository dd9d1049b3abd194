import type { TMemberSummary } from '@swipe/contracts/submissions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteModal } from '../../app/confirm-delete-modal';
import { notifySuccess } from '../../app/notify';
import { submissionKeys, submissionsApi } from './submissions-api';

/**
 * Confirms deleting a member, naming it and saying that its sessions end. The server's message
 * is the success toast; a refusal shows its message through the API client's toast.
 */
export function DeleteMemberModal({
  siteId,
  member,
  onClose,
  onDeleted,
}: {
  siteId: string;
  member: TMemberSummary | null;
  onClose: () => void;
  onDeleted: (member: TMemberSummary) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (row: TMemberSummary) => submissionsApi.removeMember(siteId, row.id),
    onSuccess: ({ message }, row) => {
      notifySuccess(message ?? t('submissions.delete.done'));
      void queryClient.invalidateQueries({ queryKey: submissionKeys.lists('member', siteId) });
      onDeleted(row);
      onClose();
    },
  });
  return (
    <ConfirmDeleteModal
      item={member}
      title={t('submissions.delete.title')}
      intro={(m) => t('submissions.delete.intro', { email: m.email })}
      consequences={[t('submissions.delete.signedOut'), t('submissions.delete.irreversible')]}
      confirmLabel={t('submissions.delete.confirm')}
      cancelLabel={t('sites.cancel')}
      pending={remove.isPending}
      onConfirm={(m) => remove.mutate(m)}
      onClose={onClose}
      onItemChange={remove.reset}
      testId="delete-member"
    />
  );
}
