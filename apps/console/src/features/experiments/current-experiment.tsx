import { Alert, Box, Card, Group, Stack, Text, Title } from '@mantine/core';
import { type TExperiment, type TVariation, VARIATIONS_MAX } from '@swipe/contracts/experiments';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import type { TSiteDocument } from '@swipe/contracts/sites';
import {
  IconCrown,
  IconInfoCircle,
  IconPlayerPlay,
  IconPlayerStop,
  IconPlus,
  IconSettings,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../app/catalogue';
import { ConfirmDeleteModal } from '../../app/confirm-delete-modal';
import { WriteButton } from '../../app/write-control';
import { AskModal, DeleteExperimentModal, type TAsk, VariationNameModal } from './experiment-dialogs';
import { ExperimentFormModal } from './experiment-form-modal';
import { ExperimentMeta } from './experiment-meta';
import { pageOrder } from './experiment-values';
import type { TExperimentActions } from './use-experiment-actions';
import { VariationsTable } from './variations-table';

type TLock = { locked: boolean; reason: string };

/** The name a new challenger is offered: the next letter after the variations there are (C, D ...). */
const nextName = (e: TExperiment) => String.fromCharCode(65 + e.variations.length);

/**
 * The site's draft or running experiment: its settings and state, the ways to change it (add a
 * variation, start, end, declare a winner, delete a draft) and its variations with their results.
 */
export function CurrentExperiment(props: {
  siteId: string;
  experiment: TExperiment;
  document: TSiteDocument | null;
  write: TLock;
  actions: TExperimentActions;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as TUiLanguage;
  const { siteId, experiment: e, write, actions } = props;
  const [ask, setAsk] = useState<TAsk | null>(null);
  const [naming, setNaming] = useState<{ variation: TVariation | null } | null>(null);
  const [deletingVariation, setDeletingVariation] = useState<TVariation | null>(null);
  const [deleting, setDeleting] = useState<TExperiment | null>(null);
  const [editing, setEditing] = useState(false);
  const challengers = e.variations.filter((v) => !v.isBase).length;
  const full = challengers >= VARIATIONS_MAX;
  const order = pageOrder(props.document);
  const ref = { experimentId: e.id };

  const askStart = () =>
    setAsk({
      title: t('experiments.confirm.startTitle'),
      intro: t('experiments.confirm.startIntro', { name: e.name }),
      points: [
        t(
          e.allocation === 'AUTO'
            ? 'experiments.confirm.startSplitAuto'
            : 'experiments.confirm.startSplitFixed',
        ),
        t('experiments.confirm.startSticky'),
        t('experiments.confirm.startFrozen'),
      ],
      confirm: t('experiments.confirm.startConfirm'),
      color: 'teal.9',
      icon: <IconPlayerPlay size={20} color="var(--mantine-color-teal-9)" />,
      testId: 'experiment-start',
      run: () => actions.start.mutateAsync(e.id),
    });
  const askStop = () =>
    setAsk({
      title: t('experiments.confirm.stopTitle'),
      intro: t('experiments.confirm.stopIntro', { name: e.name }),
      points: [t('experiments.confirm.stopBase'), t('experiments.confirm.stopKept')],
      confirm: t('experiments.confirm.stopConfirm'),
      color: 'red.9',
      icon: <IconPlayerStop size={20} color="var(--mantine-color-red-9)" />,
      testId: 'experiment-stop',
      run: () => actions.stop.mutateAsync(e.id),
    });
  const askWinner = (v: TVariation) =>
    setAsk({
      title: t('experiments.confirm.winnerTitle', { name: v.name }),
      intro: v.isBase
        ? t('experiments.confirm.winnerBaseIntro', { name: v.name })
        : t('experiments.confirm.winnerIntro', { name: v.name }),
      points: v.isBase
        ? [t('experiments.confirm.winnerBaseKeeps'), t('experiments.confirm.winnerEnds')]
        : [
            t('experiments.confirm.winnerPublishes'),
            t('experiments.confirm.winnerEnds'),
            t('experiments.confirm.winnerEditor'),
          ],
      confirm: v.isBase ? t('experiments.confirm.winnerBaseConfirm') : t('experiments.confirm.winnerConfirm'),
      color: 'teal.9',
      icon: <IconCrown size={20} color="var(--mantine-color-teal-9)" />,
      testId: 'experiment-winner',
      run: () => actions.declareWinner.mutateAsync({ ...ref, variationId: v.id }),
    });

  return (
    <Card p={0} data-testid="experiment-current" data-status={e.status} data-id={e.id}>
      <Stack gap="sm" p="md" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Box miw={0} style={{ flex: '1 1 280px' }}>
            <ExperimentMeta
              experiment={e}
              document={props.document}
              heading={
                <Title
                  order={2}
                  fz="lg"
                  fw={650}
                  className="break-anywhere"
                  data-testid="experiment-name-text"
                >
                  {e.name}
                </Title>
              }
            />
          </Box>
          <Group gap="xs" wrap="wrap">
            {e.status === 'DRAFT' && (
              <>
                <WriteButton
                  locked={write.locked}
                  reason={write.reason}
                  variant="default"
                  leftSection={<IconSettings size={16} />}
                  onClick={() => setEditing(true)}
                  data-testid="experiment-settings"
                >
                  {t('experiments.current.settings')}
                </WriteButton>
                <WriteButton
                  locked={write.locked || full}
                  reason={
                    write.locked
                      ? write.reason
                      : translateMessage('experiments.tooManyVariations', lang, { max: VARIATIONS_MAX })
                  }
                  variant="default"
                  leftSection={<IconPlus size={16} />}
                  onClick={() => setNaming({ variation: null })}
                  data-testid="experiment-add-variation"
                >
                  {t('experiments.current.addVariation')}
                </WriteButton>
                <WriteButton
                  locked={write.locked}
                  reason={write.reason}
                  variant="subtle"
                  color="red"
                  c={write.locked ? undefined : 'red.9'}
                  leftSection={<IconTrash size={16} />}
                  onClick={() => setDeleting(e)}
                  data-testid="experiment-delete"
                >
                  {t('experiments.current.delete')}
                </WriteButton>
                <WriteButton
                  locked={write.locked}
                  reason={write.reason}
                  color="teal.9"
                  leftSection={<IconPlayerPlay size={16} />}
                  onClick={askStart}
                  data-testid="experiment-start"
                >
                  {t('experiments.current.start')}
                </WriteButton>
              </>
            )}
            {e.status === 'RUNNING' && (
              <WriteButton
                locked={write.locked}
                reason={write.reason}
                variant="outline"
                color="red.9"
                leftSection={<IconPlayerStop size={16} />}
                onClick={askStop}
                data-testid="experiment-stop"
              >
                {t('experiments.current.stop')}
              </WriteButton>
            )}
          </Group>
        </Group>
        <Alert
          color={e.status === 'RUNNING' ? 'teal' : 'blue'}
          variant="light"
          icon={<IconInfoCircle size={18} />}
          p="sm"
        >
          <Text size="sm">
            {e.status === 'RUNNING'
              ? t('experiments.current.runningHint')
              : challengers === 0
                ? t('experiments.current.draftEmptyHint')
                : t('experiments.current.draftHint')}
          </Text>
        </Alert>
      </Stack>
      <VariationsTable
        siteId={siteId}
        experiment={e}
        write={write}
        order={order}
        handlers={{
          onRename: (v) => setNaming({ variation: v }),
          onDelete: setDeletingVariation,
          onWinner: askWinner,
          onWeight: (v, weight) => actions.setWeight.mutateAsync({ ...ref, variationId: v.id, weight }),
        }}
      />

      <AskModal ask={ask} onClose={() => setAsk(null)} />
      <VariationNameModal
        opened={naming !== null}
        title={
          naming?.variation ? t('experiments.nameModal.renameTitle') : t('experiments.nameModal.addTitle')
        }
        initial={naming?.variation?.name ?? nextName(e)}
        submitLabel={naming?.variation ? t('experiments.nameModal.save') : t('experiments.nameModal.add')}
        onSubmit={(name) =>
          naming?.variation
            ? actions.rename.mutateAsync({ ...ref, variationId: naming.variation.id, name })
            : actions.addVariation.mutateAsync({ ...ref, name })
        }
        onClose={() => setNaming(null)}
      />
      <ConfirmDeleteModal
        item={deletingVariation}
        title={t('experiments.deleteVariation.title')}
        intro={(v) => t('experiments.deleteVariation.intro', { name: v.name })}
        consequences={[
          t('experiments.deleteVariation.changes'),
          t('experiments.deleteVariation.irreversible'),
        ]}
        confirmLabel={t('experiments.deleteVariation.confirm')}
        cancelLabel={t('experiments.cancel')}
        pending={actions.removeVariation.isPending}
        onConfirm={(v) =>
          actions.removeVariation.mutate(
            { ...ref, variationId: v.id },
            { onSuccess: () => setDeletingVariation(null) },
          )
        }
        onClose={() => setDeletingVariation(null)}
        onItemChange={actions.removeVariation.reset}
        testId="delete-variation"
      />
      <DeleteExperimentModal
        experiment={deleting}
        consequences={[t('experiments.delete.variations'), t('experiments.delete.irreversible')]}
        remove={actions.remove}
        onClose={() => setDeleting(null)}
      />
      <ExperimentFormModal
        opened={editing}
        siteId={siteId}
        experiment={e}
        document={props.document}
        onClose={() => setEditing(false)}
      />
    </Card>
  );
}
