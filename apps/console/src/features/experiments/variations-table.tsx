import {
  ActionIcon,
  Box,
  Button,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TExperiment, TVariation } from '@swipe/contracts/experiments';
import { IconCrown, IconEdit, IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListCards, ListTable, PHONE_MEDIA } from '../../app/list-page';
import { useShell } from '../../app/use-shell';
import { WriteButton, WriteIcon } from '../../app/write-control';
import { variationPath } from '../site-editor/experiments-link';
import { leadingVariationId } from './experiment-values';
import {
  BeatsBaseCell,
  Count,
  RateCell,
  ShareBar,
  VariationChanges,
  VariationName,
  VisitorsCell,
  WeightInput,
  weightsOf,
} from './variation-parts';

type TLock = { locked: boolean; reason: string };

export type TVariationHandlers = {
  onRename: (v: TVariation) => void;
  onDelete: (v: TVariation) => void;
  onWinner: (v: TVariation) => void;
  onWeight: (v: TVariation, weight: number) => Promise<unknown>;
};

/**
 * An experiment's variations, the base first: what each changes, its weight and current
 * allocation (the share of new visitors it gets), the visitors it got and its results so far; a
 * table on a wide screen, a card each on a phone. Handlers absent (an ended experiment): the
 * results only.
 */
export function VariationsTable(props: {
  siteId: string;
  experiment: TExperiment;
  write: TLock;
  /** The site's pages in the grid's order (for the chips). */
  order: readonly string[];
  handlers?: TVariationHandlers;
}) {
  const { t } = useTranslation();
  const phone = Boolean(useMediaQuery(PHONE_MEDIA));
  const { experiment: e, write, handlers } = props;
  const weights = weightsOf(e, write.locked || !handlers);
  const leading = e.status === 'ENDED' ? null : leadingVariationId(e.variations);
  const name = (v: TVariation) => (
    <VariationName variation={v} leading={v.id === leading} winner={v.id === e.winnerId} />
  );
  const weight = (v: TVariation) =>
    handlers && (
      <WeightInput variation={v} locked={!weights.editable} onSave={(w) => handlers.onWeight(v, w)} />
    );
  const actions = (v: TVariation) => <VariationActions {...props} variation={v} labelled={phone} />;

  if (phone)
    return (
      <ListCards>
        {e.variations.map((v) => (
          <Box key={v.id} p="md" data-testid="variation-row" data-name={v.name} data-id={v.id}>
            <Stack gap="sm">
              {name(v)}
              <VariationChanges variation={v} order={props.order} />
              {e.status !== 'DRAFT' && (
                <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
                  <Figure label={t('experiments.variations.visitors')}>
                    <VisitorsCell experiment={e} variation={v} />
                  </Figure>
                  <Figure label={t('experiments.variations.conversions')}>
                    <Count n={v.result.conversions} />
                  </Figure>
                  <Figure label={t('experiments.variations.rate')}>
                    <RateCell variation={v} />
                  </Figure>
                  <Figure label={t('experiments.variations.beatsBase')}>
                    <BeatsBaseCell variation={v} />
                  </Figure>
                </SimpleGrid>
              )}
              {e.status !== 'ENDED' && (
                <Group gap="sm" wrap="nowrap" align="center">
                  {weights.shown && weight(v)}
                  <Box style={{ flex: 1 }}>
                    <ShareBar experiment={e} variation={v} />
                  </Box>
                </Group>
              )}
              {actions(v)}
            </Stack>
          </Box>
        ))}
      </ListCards>
    );

  const live = e.status !== 'ENDED';
  // A draft has no results yet: its table is about what each variation changes and gets.
  const results = e.status !== 'DRAFT';
  const wrap = { whiteSpace: 'normal', verticalAlign: 'bottom' } as const;
  return (
    <ListTable
      minWidth={!results ? 560 : live ? 860 : 640}
      head={
        <>
          <Table.Th>{t('experiments.variations.name')}</Table.Th>
          {live && (
            <Table.Th>
              {weights.shown ? t('experiments.variations.weightShare') : t('experiments.variations.share')}
            </Table.Th>
          )}
          {results && (
            <>
              <Table.Th ta="right">{t('experiments.variations.visitors')}</Table.Th>
              <Table.Th ta="right">{t('experiments.variations.conversions')}</Table.Th>
              <Table.Th style={wrap} miw={140}>
                {t('experiments.variations.rate')}
                <Text size="xs" c="dimmed" fw={500}>
                  {t('experiments.variations.intervalNote')}
                </Text>
              </Table.Th>
              <Table.Th style={wrap} maw={120}>
                {t('experiments.variations.beatsBase')}
              </Table.Th>
            </>
          )}
          <Table.Th>
            <VisuallyHidden>{t('experiments.variations.actions')}</VisuallyHidden>
          </Table.Th>
        </>
      }
    >
      {e.variations.map((v) => (
        <Table.Tr key={v.id} data-testid="variation-row" data-name={v.name} data-id={v.id}>
          <Table.Td maw={240} miw={150}>
            <Stack gap={6}>
              {name(v)}
              <VariationChanges variation={v} order={props.order} />
            </Stack>
          </Table.Td>
          {live && (
            <Table.Td>
              <Group gap="sm" wrap="nowrap">
                {weights.shown && weight(v)}
                <Box miw={100} style={{ flex: 1 }}>
                  <ShareBar experiment={e} variation={v} />
                </Box>
              </Group>
            </Table.Td>
          )}
          {results && (
            <>
              <Table.Td ta="right">
                <VisitorsCell experiment={e} variation={v} />
              </Table.Td>
              <Table.Td ta="right">
                <Count n={v.result.conversions} />
              </Table.Td>
              <Table.Td>
                <RateCell variation={v} />
              </Table.Td>
              <Table.Td>
                <BeatsBaseCell variation={v} />
              </Table.Td>
            </>
          )}
          <Table.Td>{actions(v)}</Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/**
 * Edit a draft's challenger (or view one that can no longer change), declare the winner while it
 * runs, rename it until it ends, delete a draft's challenger.
 */
function VariationActions(props: {
  siteId: string;
  experiment: TExperiment;
  variation: TVariation;
  write: TLock;
  handlers?: TVariationHandlers;
  /** Every action with its words (a phone's card has the room; a table row has not). */
  labelled: boolean;
}) {
  const { t } = useTranslation();
  const { prefix } = useShell();
  const { experiment: e, variation: v, write, handlers } = props;
  const to = variationPath(prefix, props.siteId, e.id, v.id);
  const editable = e.status === 'DRAFT' && !write.locked;
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      {!v.isBase &&
        (editable || props.labelled ? (
          <Button
            component={Link}
            to={to}
            size="xs"
            variant={editable ? 'light' : 'default'}
            leftSection={editable ? <IconEdit size={14} /> : <IconEye size={14} />}
            aria-label={`${editable ? t('experiments.variations.edit') : t('experiments.variations.view')}: ${v.name}`}
            data-testid="variation-edit"
          >
            {editable ? t('experiments.variations.edit') : t('experiments.variations.view')}
          </Button>
        ) : (
          <Tooltip label={t('experiments.variations.view')} withArrow>
            <ActionIcon
              component={Link}
              to={to}
              variant="subtle"
              color="gray"
              aria-label={`${t('experiments.variations.view')}: ${v.name}`}
              data-testid="variation-edit"
            >
              <IconEye size={18} />
            </ActionIcon>
          </Tooltip>
        ))}
      {handlers && e.status === 'RUNNING' && (
        <WriteButton
          locked={write.locked}
          reason={write.reason}
          size="xs"
          variant="outline"
          color="teal.9"
          leftSection={<IconCrown size={14} />}
          onClick={() => handlers.onWinner(v)}
          aria-label={`${t('experiments.variations.declareWinner')}: ${v.name}`}
          data-testid="variation-winner-button"
        >
          {t('experiments.variations.declareWinner')}
        </WriteButton>
      )}
      {handlers && e.status !== 'ENDED' && (
        <WriteIcon
          locked={write.locked}
          reason={write.reason}
          label={`${t('experiments.variations.rename')}: ${v.name}`}
          variant="subtle"
          color="gray"
          onClick={() => handlers.onRename(v)}
          data-testid="variation-rename"
        >
          <IconPencil size={18} />
        </WriteIcon>
      )}
      {handlers && e.status === 'DRAFT' && !v.isBase && (
        <WriteIcon
          locked={write.locked}
          reason={write.reason}
          label={`${t('experiments.variations.delete')}: ${v.name}`}
          variant="subtle"
          color="red"
          onClick={() => handlers.onDelete(v)}
          data-testid="variation-delete"
        >
          <IconTrash size={18} />
        </WriteIcon>
      )}
    </Group>
  );
}
