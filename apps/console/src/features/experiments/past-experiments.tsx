import { Box, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { TExperiment } from '@swipe/contracts/experiments';
import type { TSiteDocument } from '@swipe/contracts/sites';
import { IconCrown, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardHeading } from '../../app/page-heading';
import { WriteIcon } from '../../app/write-control';
import { DeleteExperimentModal } from './experiment-dialogs';
import { ExperimentMeta } from './experiment-meta';
import { pageOrder } from './experiment-values';
import type { TExperimentActions } from './use-experiment-actions';
import { VariationsTable } from './variations-table';

type TLock = { locked: boolean; reason: string };

/** The site's ended experiments, newest first: their results and winner; each may be deleted. */
export function PastExperiments(props: {
  siteId: string;
  experiments: TExperiment[];
  document: TSiteDocument | null;
  write: TLock;
  actions: TExperimentActions;
}) {
  const { t } = useTranslation();
  const { write, actions } = props;
  const [deleting, setDeleting] = useState<TExperiment | null>(null);
  const order = pageOrder(props.document);
  if (props.experiments.length === 0) return null;
  return (
    <Card p={0} data-testid="experiments-past">
      <CardHeading
        title={t('experiments.past.title')}
        count={t('experiments.past.count', { count: props.experiments.length })}
      />
      {props.experiments.map((e, i) => {
        const winner = e.variations.find((v) => v.id === e.winnerId);
        return (
          <Box
            key={e.id}
            style={i === 0 ? undefined : { borderTop: '1px solid var(--mantine-color-gray-3)' }}
            data-testid="experiment-past"
            data-id={e.id}
          >
            <Group justify="space-between" align="flex-start" gap="sm" p="md" pb="xs" wrap="nowrap">
              <Stack gap={6} miw={0} style={{ flex: 1 }}>
                <ExperimentMeta
                  experiment={e}
                  document={props.document}
                  heading={
                    <Title order={3} fz="md" fw={650} className="break-anywhere">
                      {e.name}
                    </Title>
                  }
                />
                <Group gap={6} wrap="nowrap" data-testid="experiment-past-winner">
                  {winner && (
                    <IconCrown
                      size={16}
                      color="var(--mantine-color-teal-9)"
                      aria-hidden
                      style={{ flexShrink: 0 }}
                    />
                  )}
                  <Text
                    size="sm"
                    fw={winner ? 600 : 400}
                    c={winner ? 'teal.9' : 'dimmed'}
                    className="break-anywhere"
                  >
                    {winner
                      ? winner.isBase
                        ? t('experiments.past.winnerBase', { name: winner.name })
                        : t('experiments.past.winner', { name: winner.name })
                      : t('experiments.past.noWinner')}
                  </Text>
                </Group>
              </Stack>
              <WriteIcon
                locked={write.locked}
                reason={write.reason}
                label={`${t('experiments.past.delete')}: ${e.name}`}
                variant="subtle"
                color="red"
                onClick={() => setDeleting(e)}
                data-testid="experiment-past-delete"
              >
                <IconTrash size={18} />
              </WriteIcon>
            </Group>
            <VariationsTable siteId={props.siteId} experiment={e} write={write} order={order} />
          </Box>
        );
      })}
      <DeleteExperimentModal
        experiment={deleting}
        consequences={[
          t('experiments.delete.results'),
          t('experiments.delete.siteStays'),
          t('experiments.delete.irreversible'),
        ]}
        remove={actions.remove}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}
