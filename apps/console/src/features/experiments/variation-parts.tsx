import { Badge, Group, NumberInput, Progress, Text, Tooltip } from '@mantine/core';
import type { TExperiment, TVariation } from '@swipe/contracts/experiments';
import { IconCrown, IconTrophy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../app/format';
import {
  formatPercent,
  formatProbability,
  overrideChips,
  shareOf,
  visitorShareOf,
} from './experiment-values';

// The pieces of a variation's row (a table's on a wide screen, a card's on a phone): its name with
// its badges, what it changes, its weight, the share of new visitors it gets now (its current
// allocation), the visitors it got and its results.

export function VariationName({
  variation,
  leading,
  winner,
}: {
  variation: TVariation;
  leading: boolean;
  winner: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="wrap" miw={0}>
      <Text fw={600} size="sm" className="break-anywhere" data-testid="variation-name-text">
        {variation.name}
      </Text>
      {variation.isBase && (
        <Badge variant="light" color="gray" c="gray.9" radius="sm" tt="none" data-testid="variation-base">
          {t('experiments.variations.base')}
        </Badge>
      )}
      {winner && (
        <Badge
          variant="filled"
          color="teal.9"
          radius="sm"
          tt="none"
          leftSection={<IconCrown size={12} aria-hidden />}
          data-testid="variation-winner"
        >
          {t('experiments.variations.winner')}
        </Badge>
      )}
      {leading && !winner && (
        <Tooltip label={t('experiments.variations.leadingHint')} withArrow multiline maw={260}>
          <Badge
            // Dark text on the yellow (a tinted badge's yellow text is under 4.5:1).
            variant="filled"
            color="yellow.4"
            autoContrast
            radius="sm"
            tt="none"
            leftSection={<IconTrophy size={12} aria-hidden />}
            tabIndex={0}
            data-testid="variation-leading"
          >
            {t('experiments.variations.leading')}
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}

/** What a variation replaces: its pages (A1, B2), the popups and the forms, or that it is the site. */
export function VariationChanges({ variation, order }: { variation: TVariation; order: readonly string[] }) {
  const { t } = useTranslation();
  if (variation.isBase)
    return (
      <Text size="xs" c="dimmed">
        {t('experiments.variations.baseChanges')}
      </Text>
    );
  const chips = overrideChips(variation.overrides, order);
  const all = [
    ...chips.pages,
    ...(chips.popupCtas ? [t('experiments.variations.popup')] : []),
    ...(chips.forms ? [t('experiments.variations.forms')] : []),
  ];
  if (all.length === 0)
    return (
      <Text size="xs" c="dimmed" data-testid="variation-no-changes">
        {t('experiments.variations.noChanges')}
      </Text>
    );
  return (
    <Group gap={4} wrap="wrap" data-testid="variation-changes">
      {all.map((label) => (
        <Badge key={label} variant="outline" color="brand" radius="sm" tt="none" size="sm" c="brand.9">
          {label}
        </Badge>
      ))}
    </Group>
  );
}

/**
 * The fixed allocation's weight of a variation (0-100), saved when the field is left or Enter is
 * pressed; back to the saved value when the server refuses it.
 */
export function WeightInput(props: {
  variation: TVariation;
  locked: boolean;
  onSave: (weight: number) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const { variation } = props;
  const [value, setValue] = useState<number | string>(variation.weight);
  const [saving, setSaving] = useState(false);
  useEffect(() => setValue(variation.weight), [variation.weight]);
  const commit = async () => {
    const next = typeof value === 'number' ? value : Number.parseInt(value, 10);
    if (!Number.isInteger(next) || next < 0 || next > 100) return setValue(variation.weight);
    if (next === variation.weight) return;
    setSaving(true);
    try {
      await props.onSave(next);
    } catch {
      setValue(variation.weight);
    } finally {
      setSaving(false);
    }
  };
  return (
    <NumberInput
      aria-label={t('experiments.variations.weightLabel', { name: variation.name })}
      value={value}
      onChange={setValue}
      onBlur={() => void commit()}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          void commit();
        }
      }}
      min={0}
      max={100}
      step={5}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="strict"
      readOnly={props.locked || saving}
      size="xs"
      w={84}
      data-testid="variation-weight"
    />
  );
}

/** The visitors a variation got so far, and their share of the experiment's visitors. */
export function VisitorsCell({ experiment, variation }: { experiment: TExperiment; variation: TVariation }) {
  const { t, i18n } = useTranslation();
  const share = visitorShareOf(experiment, variation);
  return (
    <div data-testid="variation-visitors" data-visitors={variation.result.visitors} data-share={share ?? ''}>
      <Count n={variation.result.visitors} />
      {share !== null && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {t('experiments.variations.visitorShare', { share: formatPercent(share, i18n.language) })}
        </Text>
      )}
    </div>
  );
}

/** The share of new visitors it gets now (or will at the start), as a bar and a percentage. */
export function ShareBar({ experiment, variation }: { experiment: TExperiment; variation: TVariation }) {
  const { t, i18n } = useTranslation();
  const share = shareOf(experiment, variation);
  const text = formatPercent(share, i18n.language, 0);
  return (
    <Group gap={8} wrap="nowrap" miw={110} data-testid="variation-share" data-share={share}>
      <Progress
        value={share * 100}
        size="md"
        radius="xl"
        color="brand"
        style={{ flex: 1, minWidth: 56 }}
        aria-label={t('experiments.variations.shareLabel', { name: variation.name, share: text })}
      />
      <Text size="xs" fw={600} w={36} ta="right" style={{ flexShrink: 0 }}>
        {text}
      </Text>
    </Group>
  );
}

/** The conversion rate with its 95 % interval: "4.8% (3.9–5.9%)"; a dash before any visitor. */
export function RateCell({ variation }: { variation: TVariation }) {
  const { t, i18n } = useTranslation();
  const r = variation.result;
  if (r.visitors === 0)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  const lang = i18n.language;
  const low = new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    r.low * 100,
  );
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="variation-rate">
      <Text span fw={600} size="sm">
        {formatPercent(r.rate, lang)}
      </Text>{' '}
      <Text span c="dimmed" size="xs">
        {t('experiments.variations.interval', { low, high: formatPercent(r.high, lang) })}
      </Text>
    </Text>
  );
}

export function BeatsBaseCell({ variation }: { variation: TVariation }) {
  const { i18n } = useTranslation();
  const p = variation.isBase || variation.result.visitors === 0 ? null : variation.result.beatsBase;
  return (
    <Text
      size="sm"
      fw={p !== null && p >= 0.95 ? 700 : 500}
      c={p === null ? 'dimmed' : p >= 0.95 ? 'teal.9' : undefined}
      data-testid="variation-beats"
    >
      {formatProbability(p, i18n.language)}
    </Text>
  );
}

export const Count = ({ n }: { n: number }) => {
  const { i18n } = useTranslation();
  return (
    <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
      {formatCount(n, i18n.language)}
    </Text>
  );
};

/** Whether the weights are shown (fixed allocation) and may be changed now. */
export const weightsOf = (e: TExperiment, locked: boolean) => ({
  shown: e.allocation === 'FIXED' && e.status !== 'ENDED',
  editable: !locked && e.allocation === 'FIXED' && e.status !== 'ENDED',
});
