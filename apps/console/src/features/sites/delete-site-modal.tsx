import type { TSiteSummary } from '@swipe/contracts/site-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteModal } from '../../app/confirm-delete-modal';
import { notifySuccess } from '../../app/notify';
import { siteKeys, sitesApi } from './sites-api';

/**
 * Confirms deleting a site, naming it and saying that visitors lose it at once. The server's
 * message is the success toast; a refusal shows its message through the API client's toast.
 */
export function DeleteSiteModal({ site, onClose }: { site: TSiteSummary | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: string) => sitesApi.remove(id),
    onSuccess: ({ message }) => {
      notifySuccess(message ?? t('sites.delete.done'));
      void queryClient.invalidateQueries({ queryKey: siteKeys.lists });
      onClose();
    },
  });
  return (
    <ConfirmDeleteModal
      item={site}
      title={t('sites.delete.title')}
      intro={(s) => t('sites.delete.intro', { name: s.name })}
      consequences={[t('sites.delete.gone'), t('sites.delete.irreversible')]}
      confirmLabel={t('sites.delete.confirm')}
      cancelLabel={t('sites.cancel')}
      pending={remove.isPending}
      onConfirm={(s) => remove.mutate(s.id)}
      onClose={onClose}
      onItemChange={remove.reset}
      testId="delete-site"
    />
  );
}
