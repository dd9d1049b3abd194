import { Group, Stack, Text } from '@mantine/core';
import {
  goalButtonKey,
  goalButtonsOf,
  type TExperiment,
  type TExperimentStatus,
} from '@swipe/contracts/experiments';
import type { TSiteDocument } from '@swipe/contracts/sites';
import { IconArrowsSplit, IconCalendar, IconTarget } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/format';
import { StatusBadge } from '../../app/status-dot';
import { useGoalButtonLabel } from './experiment-form-modal';

const STATUS_COLOURS: Record<TExperimentStatus, string> = { DRAFT: 'gray', RUNNING: 'teal', ENDED: 'blue' };

export function ExperimentStatusBadge({ status }: { status: TExperimentStatus }) {
  const { t } = useTranslation();
  return (
    <StatusBadge
      color={STATUS_COLOURS[status]}
      label={t(`experiments.status.${status}`)}
      status={status}
      testId="experiment-status"
      textColor="dark.7"
    />
  );
}

/** The goal as a person reads it: "Clicks on a button: A1 · link button “Buy now”". */
export function useGoalText() {
  const { t } = useTranslation();
  const buttonLabel = useGoalButtonLabel();
  return (e: TExperiment, document: TSiteDocument | null) => {
    const goal = t(`experiments.goals.${e.goal}`);
    if (e.goal !== 'BUTTON' || !e.goalButton) return goal;
    const value = goalButtonKey(e.goalButton);
    const option = document ? goalButtonsOf(document).find((o) => o.value === value) : undefined;
    return `${goal}: ${option ? buttonLabel(option) : e.goalButton.targetId}`;
  };
}

/** An experiment's name (as `heading`), status, goal, split of visitors and dates. */
export function ExperimentMeta({
  experiment: e,
  document,
  heading,
}: {
  experiment: TExperiment;
  document: TSiteDocument | null;
  heading: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const goalText = useGoalText();
  const lang = i18n.language;
  const dates = [
    e.startedAt ? t('experiments.meta.started', { date: formatDateTime(e.startedAt, lang) }) : null,
    e.endedAt ? t('experiments.meta.ended', { date: formatDateTime(e.endedAt, lang) }) : null,
    !e.startedAt ? t('experiments.meta.created', { date: formatDateTime(e.createdAt, lang) }) : null,
  ].filter(Boolean);
  return (
    <Stack gap={6} miw={0}>
      <Group gap="xs" wrap="wrap">
        {heading}
        <ExperimentStatusBadge status={e.status} />
      </Group>
      <Group gap="md" wrap="wrap" style={{ rowGap: 4 }}>
        <Item
          icon={<IconTarget size={15} />}
          label={t('experiments.meta.goal')}
          testId="experiment-goal-text"
        >
          {goalText(e, document)}
        </Item>
        <Item
          icon={<IconArrowsSplit size={15} />}
          label={t('experiments.meta.allocation')}
          testId="experiment-allocation-text"
        >
          {t(`experiments.allocation.${e.allocation}`)}
        </Item>
        <Item icon={<IconCalendar size={15} />} label={null} testId="experiment-dates">
          {dates.join(' · ')}
        </Item>
      </Group>
    </Stack>
  );
}

function Item(props: { icon: ReactNode; label: string | null; testId: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" miw={0} align="flex-start">
      <Text c="dimmed" component="span" style={{ display: 'inline-flex', marginTop: 2 }} aria-hidden>
        {props.icon}
      </Text>
      <Text size="sm" miw={0} data-testid={props.testId}>
        {props.label && (
          <Text span c="dimmed" size="sm">
            {props.label}:{' '}
          </Text>
        )}
        {props.children}
      </Text>
    </Group>
  );
}
