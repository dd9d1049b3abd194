import type { TExperiment } from '@swipe/contracts/experiments';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, type TEnvelope } from '../../app/api-client';
import { translateMessage } from '../../app/catalogue';
import { notifyError, notifySuccess } from '../../app/notify';
import { experimentKeys, experimentsApi, type TExperimentsEnvelope } from './experiments-api';

// The changes of the experiments page, each answered with the experiment as it now is (put in
// the list's cache at once, then refetched), and said in a toast: the server's message, else the
// contracts' wording.

type TAnswer = TEnvelope<TExperiment>;

/** Puts an experiment as the server answered it into the site's list (first when new). */
export function useReplaceExperiment(siteId: string) {
  const queryClient = useQueryClient();
  return (next: TExperiment) =>
    queryClient.setQueryData(experimentKeys.list(siteId), (old: TExperimentsEnvelope | undefined) => {
      if (!old) return old;
      const known = old.data.some((e) => e.id === next.id);
      return {
        ...old,
        data: known ? old.data.map((e) => (e.id === next.id ? next : e)) : [next, ...old.data],
      };
    });
}

/** A change answered with the experiment; `fallback` words the toast when the server sends none. */
function useChange<V>(
  siteId: string,
  run: (vars: V) => Promise<TAnswer>,
  fallback: string,
  after?: () => void,
) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as TUiLanguage;
  const queryClient = useQueryClient();
  const replace = useReplaceExperiment(siteId);
  return useMutation({
    mutationFn: run,
    onSuccess: ({ data, message }) => {
      replace(data);
      notifySuccess(message ?? translateMessage(fallback, lang, { name: nameOfWinner(data) }));
      after?.();
      void queryClient.invalidateQueries({ queryKey: experimentKeys.list(siteId) });
    },
    onError: (error) => notifyError(error instanceof ApiError ? error.message : t('experiments.saveFailed')),
  });
}

const opts = { toast: false } as const;
type TVariationRef = { experimentId: string; variationId: string };

export function useExperimentActions(siteId: string) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as TUiLanguage;
  const queryClient = useQueryClient();
  const published = () => {
    // The winner is the site now: its editor, the base and the other per-site pages reload.
    void queryClient.invalidateQueries({ queryKey: experimentKeys.site(siteId) });
    void queryClient.invalidateQueries({ queryKey: experimentKeys.base(siteId) });
  };

  return {
    addVariation: useChange(
      siteId,
      ({ experimentId, name }: { experimentId: string; name: string }) =>
        experimentsApi.addVariation(siteId, experimentId, name, opts),
      'experiments.variationAdded',
    ),
    rename: useChange(
      siteId,
      (v: TVariationRef & { name: string }) =>
        experimentsApi.updateVariation(siteId, v.experimentId, v.variationId, { name: v.name }, opts),
      'experiments.variationSaved',
    ),
    setWeight: useChange(
      siteId,
      (v: TVariationRef & { weight: number }) =>
        experimentsApi.updateVariation(siteId, v.experimentId, v.variationId, { weight: v.weight }, opts),
      'experiments.variationSaved',
    ),
    removeVariation: useChange(
      siteId,
      (v: TVariationRef) => experimentsApi.removeVariation(siteId, v.experimentId, v.variationId, opts),
      'experiments.variationDeleted',
    ),
    start: useChange(
      siteId,
      (experimentId: string) => experimentsApi.start(siteId, experimentId, opts),
      'experiments.started',
    ),
    stop: useChange(
      siteId,
      (experimentId: string) => experimentsApi.stop(siteId, experimentId, opts),
      'experiments.stopped',
    ),
    declareWinner: useChange(
      siteId,
      (v: TVariationRef) => experimentsApi.declareWinner(siteId, v.experimentId, v.variationId, opts),
      'experiments.winnerDeclared',
      published,
    ),
    remove: useMutation({
      mutationFn: (experimentId: string) => experimentsApi.remove(siteId, experimentId, opts),
      onSuccess: ({ message }, experimentId) => {
        notifySuccess(message ?? translateMessage('experiments.deleted', lang));
        queryClient.setQueryData(experimentKeys.list(siteId), (old: TExperimentsEnvelope | undefined) =>
          old ? { ...old, data: old.data.filter((e) => e.id !== experimentId) } : old,
        );
        void queryClient.invalidateQueries({ queryKey: experimentKeys.list(siteId) });
      },
      onError: (error) =>
        notifyError(error instanceof ApiError ? error.message : t('experiments.saveFailed')),
    }),
  };
}

export type TExperimentActions = ReturnType<typeof useExperimentActions>;

const nameOfWinner = (e: TExperiment) => e.variations.find((v) => v.id === e.winnerId)?.name ?? '';
