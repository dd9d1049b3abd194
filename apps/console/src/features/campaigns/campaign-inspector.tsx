import {
  ColorInput,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  ALIGNMENTS,
  BUTTON_ANIMATIONS,
  BUTTON_TYPES,
  CAMPAIGN_LINK_TYPES,
  CORNER_STYLES,
  MICROCOPY_LINES_MAX,
  MICROCOPY_POSITIONS,
  scriptParses,
  type TCampaignBanner,
  type TCampaignButton,
  type TCampaignLink,
} from '@swipe/contracts/campaigns';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../app/catalogue';
import { surveyKeys, surveysApi } from '../surveys/surveys-api';
import type { TItem, TSelection } from './campaign-draft';
import { MediaSlot, type TMediaUrls } from './campaign-media';

// The selected item's properties: a banner's image, size and link; a button's content, size,
// colours, microcopy, animation, corners and link. Field errors are the contracts' (and the
// server's), keyed relative to the item ('link.url').

const SWATCHES = ['#ffffff', '#212529', '#c2410c', '#fa5252', '#228be6', '#40c057', '#fab005', '#7950f2'];

type TProps = {
  siteId: string;
  selection: NonNullable<TSelection>;
  item: TItem;
  pages: string[];
  errors: Record<string, string>;
  readOnly: boolean;
  media: TMediaUrls;
  /** Changes the item; `group` makes a run of edits of one field one undo step. */
  onItem: (fn: (i: TItem) => TItem, group?: string) => void;
};

export function CampaignInspector(props: TProps) {
  const { t } = useTranslation();
  const { item, errors, readOnly, onItem, selection } = props;
  const banner = selection.kind === 'banner' ? (item as TCampaignBanner) : null;
  const button = selection.kind === 'button' ? (item as TCampaignButton) : null;
  const g = (field: string) => `field:${item.id}:${field}`;
  const num = (field: 'x' | 'y' | 'width' | 'height') => (
    <NumberInput
      label={t(`campaigns.inspector.${field}`)}
      value={Math.round(item[field])}
      onChange={(v) => {
        const n = typeof v === 'number' ? v : Number(v);
        if (!Number.isFinite(n)) return;
        onItem((i) => {
          const next = { ...i, [field]: n };
          // A banner that keeps its proportions follows a new width or height.
          if (banner?.lockRatio && i.width > 0 && i.height > 0) {
            if (field === 'width') next.height = Math.max(8, Math.round((n * i.height) / i.width));
            if (field === 'height') next.width = Math.max(8, Math.round((n * i.width) / i.height));
          }
          return next;
        }, g(field));
      }}
      error={errors[field]}
      disabled={readOnly}
      allowDecimal={false}
      size="xs"
      suffix=" px"
      data-testid={`campaign-item-${field}`}
    />
  );

  return (
    <Stack gap="sm" data-testid="campaign-inspector-item">
      {banner && (
        <>
          <MediaSlot
            label={t('campaigns.inspector.image')}
            value={banner.media}
            media={props.media}
            removable={false}
            onChange={(ref) => ref && onItem((i) => ({ ...i, media: ref }))}
            disabled={readOnly}
            error={errors.media ?? errors['media.assetId']}
            testId="campaign-banner-image"
          />
          <Switch
            label={t('campaigns.inspector.lockRatio')}
            checked={banner.lockRatio}
            onChange={(e) => {
              const v = e.currentTarget.checked;
              onItem((i) => ({ ...i, lockRatio: v }));
            }}
            disabled={readOnly}
            data-testid="campaign-lock-ratio"
          />
        </>
      )}
      {button && (
        <>
          <Stack gap={4}>
            <Text size="sm" fw={500} id={`type-${item.id}`}>
              {t('campaigns.inspector.type')}
            </Text>
            <SegmentedControl
              aria-labelledby={`type-${item.id}`}
              data={BUTTON_TYPES.map((v) => ({ value: v, label: t(`campaigns.inspector.types.${v}`) }))}
              value={button.type}
              onChange={(v) => onItem((i) => ({ ...i, type: v as TCampaignButton['type'] }))}
              disabled={readOnly}
              size="xs"
              fullWidth
              data-testid="campaign-button-type"
            />
          </Stack>
          {button.type === 'TEXT' && (
            <TextInput
              label={t('campaigns.inspector.text')}
              value={button.text}
              onChange={(e) => {
                const v = e.currentTarget.value;
                onItem((i) => ({ ...i, text: v }), g('text'));
              }}
              error={errors.text}
              disabled={readOnly}
              withAsterisk
              data-testid="campaign-button-text"
            />
          )}
          {button.type === 'HTML' && (
            <Textarea
              label={t('campaigns.inspector.html')}
              description={t('campaigns.inspector.htmlHint')}
              value={button.html}
              onChange={(e) => {
                const v = e.currentTarget.value;
                onItem((i) => ({ ...i, html: v }), g('html'));
              }}
              error={errors.html}
              disabled={readOnly}
              autosize
              minRows={3}
              maxRows={8}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              data-testid="campaign-button-html"
            />
          )}
          {button.type === 'MEDIA' && (
            <MediaSlot
              label={t('campaigns.inspector.media')}
              value={button.media}
              media={props.media}
              onChange={(ref) => onItem((i) => ({ ...(i as TCampaignButton), media: ref }))}
              disabled={readOnly}
              error={errors.media ?? errors['media.assetId']}
              testId="campaign-button-media"
            />
          )}
        </>
      )}
      <Group grow gap="xs">
        {num('x')}
        {num('y')}
      </Group>
      <Group grow gap="xs">
        {num('width')}
        {num('height')}
      </Group>
      {button && (
        <>
          <Group grow gap="xs" align="flex-start">
            <ColorInput
              eyeDropperButtonProps={{ 'aria-label': t('campaigns.designer.pickColour') }}
              label={t('campaigns.inspector.backgroundColor')}
              value={button.backgroundColor}
              onChange={(v) => onItem((i) => ({ ...i, backgroundColor: v }), g('bg'))}
              error={errors.backgroundColor}
              disabled={readOnly}
              swatches={SWATCHES}
              size="xs"
              data-testid="campaign-button-bg"
            />
            <ColorInput
              eyeDropperButtonProps={{ 'aria-label': t('campaigns.designer.pickColour') }}
              label={t('campaigns.inspector.textColor')}
              value={button.textColor}
              onChange={(v) => onItem((i) => ({ ...i, textColor: v }), g('fg'))}
              error={errors.textColor}
              disabled={readOnly}
              swatches={SWATCHES}
              size="xs"
              data-testid="campaign-button-fg"
            />
          </Group>
          <Select
            label={t('campaigns.inspector.animation')}
            data={BUTTON_ANIMATIONS.map((v) => ({
              value: v,
              label: t(`campaigns.inspector.animations.${v}`),
            }))}
            value={button.animation}
            onChange={(v) => v && onItem((i) => ({ ...i, animation: v as TCampaignButton['animation'] }))}
            allowDeselect={false}
            disabled={readOnly}
            size="xs"
            data-testid="campaign-button-animation"
          />
          <Select
            label={t('campaigns.inspector.corner')}
            data={CORNER_STYLES.map((v) => ({ value: v, label: t(`campaigns.inspector.corners.${v}`) }))}
            value={button.corner}
            onChange={(v) => v && onItem((i) => ({ ...i, corner: v as TCampaignButton['corner'] }))}
            allowDeselect={false}
            disabled={readOnly}
            size="xs"
            data-testid="campaign-button-corner"
          />
          <Microcopy button={button} {...props} />
        </>
      )}
      <LinkEditor
        link={item.link}
        siteId={props.siteId}
        pages={props.pages}
        errors={errors}
        readOnly={readOnly}
        onChange={(fn, group) => onItem((i) => ({ ...i, link: fn(i.link) }), group && g(group))}
      />
    </Stack>
  );
}

function Microcopy({ button, errors, readOnly, onItem }: TProps & { button: TCampaignButton }) {
  const { t } = useTranslation();
  const mc = button.microcopy;
  const set = (fn: (m: TCampaignButton['microcopy']) => TCampaignButton['microcopy'], group?: string) =>
    onItem((i) => ({ ...i, microcopy: fn((i as TCampaignButton).microcopy) }), group);
  const lines = Array.from({ length: MICROCOPY_LINES_MAX }, (_, n) => mc.lines[n] ?? '');
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {t('campaigns.inspector.microcopy')}
      </Text>
      {lines.map((line, n) => (
        <TextInput
          // biome-ignore lint/suspicious/noArrayIndexKey: the three fixed lines
          key={n}
          size="xs"
          label={t('campaigns.inspector.microcopyLine', { n: n + 1 })}
          value={line}
          onChange={(e) => {
            const v = e.currentTarget.value;
            set((m) => {
              const next = Array.from({ length: MICROCOPY_LINES_MAX }, (_, k) => m.lines[k] ?? '');
              next[n] = v;
              // Trailing empty lines are not lines.
              while (next.length > 0 && next.at(-1) === '') next.pop();
              return { ...m, lines: next };
            }, `field:${button.id}:mc${n}`);
          }}
          error={errors[`microcopy.lines.${n}`]}
          disabled={readOnly}
          data-testid={`campaign-microcopy-${n}`}
        />
      ))}
      {errors['microcopy.lines'] && (
        <Text size="xs" c="red">
          {errors['microcopy.lines']}
        </Text>
      )}
      <ColorInput
        eyeDropperButtonProps={{ 'aria-label': t('campaigns.designer.pickColour') }}
        label={t('campaigns.inspector.microcopyColor')}
        value={mc.color}
        onChange={(v) => set((m) => ({ ...m, color: v }), `field:${button.id}:mcc`)}
        error={errors['microcopy.color']}
        disabled={readOnly}
        swatches={SWATCHES}
        size="xs"
      />
      <Group grow gap="xs" align="flex-start">
        <Stack gap={4}>
          <Text size="xs" fw={500} id={`mca-${button.id}`}>
            {t('campaigns.inspector.microcopyAlign')}
          </Text>
          <SegmentedControl
            aria-labelledby={`mca-${button.id}`}
            size="xs"
            data={ALIGNMENTS.map((v) => ({ value: v, label: t(`campaigns.inspector.align.${v}`) }))}
            value={mc.align}
            onChange={(v) => set((m) => ({ ...m, align: v as typeof m.align }))}
            disabled={readOnly}
          />
        </Stack>
        <Stack gap={4}>
          <Text size="xs" fw={500} id={`mcp-${button.id}`}>
            {t('campaigns.inspector.microcopyPosition')}
          </Text>
          <SegmentedControl
            aria-labelledby={`mcp-${button.id}`}
            size="xs"
            data={MICROCOPY_POSITIONS.map((v) => ({
              value: v,
              label: t(`campaigns.inspector.placement.${v}`),
            }))}
            value={mc.position}
            onChange={(v) => set((m) => ({ ...m, position: v as typeof m.position }))}
            disabled={readOnly}
          />
        </Stack>
      </Group>
    </Stack>
  );
}

function LinkEditor({
  link,
  siteId,
  pages,
  errors,
  readOnly,
  onChange,
}: {
  link: TCampaignLink;
  siteId: string;
  pages: string[];
  errors: Record<string, string>;
  readOnly: boolean;
  onChange: (fn: (l: TCampaignLink) => TCampaignLink, group?: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const surveys = useQuery({
    queryKey: surveyKeys.list(siteId),
    queryFn: ({ signal }) => surveysApi.list(siteId, { signal, toast: false }),
    enabled: link.type === 'SURVEY',
  });
  // A script that does not parse is refused, said as it is typed.
  const scriptBroken = link.type === 'SCRIPT' && link.url.trim() !== '' && !scriptParses(link.url);
  const error =
    errors['link.url'] ??
    errors.link ??
    (scriptBroken ? translateMessage('campaigns.scriptInvalid', i18n.language as TUiLanguage) : undefined);
  const setUrl = (url: string) => onChange((l) => ({ ...l, url }), 'url');
  const scriptOk = link.type === 'SCRIPT' && link.url.trim() !== '' && scriptParses(link.url);
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {t('campaigns.inspector.link')}
      </Text>
      <Select
        label={t('campaigns.inspector.linkType')}
        data={CAMPAIGN_LINK_TYPES.map((v) => ({ value: v, label: t(`campaigns.inspector.linkTypes.${v}`) }))}
        value={link.type}
        onChange={(v) =>
          v && v !== link.type && onChange(() => ({ type: v as TCampaignLink['type'], url: '' }))
        }
        allowDeselect={false}
        disabled={readOnly}
        size="xs"
        data-testid="campaign-link-type"
      />
      {link.type === 'EXTERNAL_URL' && (
        <TextInput
          label={t('campaigns.inspector.url')}
          placeholder="https://"
          value={link.url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          error={error}
          disabled={readOnly}
          size="xs"
          maxLength={256}
          withAsterisk
          data-testid="campaign-link-url"
        />
      )}
      {link.type === 'INTERNAL_URL' && (
        <TextInput
          label={t('campaigns.inspector.path')}
          placeholder="/"
          value={link.url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          error={error}
          disabled={readOnly}
          size="xs"
          maxLength={256}
          withAsterisk
          data-testid="campaign-link-url"
        />
      )}
      {link.type === 'CREATIVE_BLOCK' && (
        <Select
          label={t('campaigns.inspector.page')}
          data={pages}
          value={link.url || null}
          onChange={(v) => setUrl(v ?? '')}
          error={error}
          disabled={readOnly}
          size="xs"
          searchable
          withAsterisk
          data-testid="campaign-link-page"
        />
      )}
      {link.type === 'SURVEY' && (
        <Select
          label={t('campaigns.inspector.survey')}
          data={(surveys.data?.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          value={link.url || null}
          onChange={(v) => setUrl(v ?? '')}
          error={error}
          description={
            surveys.data && surveys.data.data.length === 0 ? t('campaigns.inspector.noSurveys') : undefined
          }
          disabled={readOnly}
          size="xs"
          withAsterisk
          data-testid="campaign-link-survey"
        />
      )}
      {link.type === 'SCRIPT' && (
        <Textarea
          label={t('campaigns.inspector.script')}
          description={t('campaigns.inspector.scriptHint')}
          value={link.url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          error={error}
          disabled={readOnly}
          autosize
          minRows={3}
          maxRows={10}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          withAsterisk
          data-testid="campaign-link-script"
        />
      )}
      {scriptOk && !error && (
        <Group gap={4} c="teal.8">
          <IconCircleCheck size={14} aria-hidden />
          <Text size="xs">{t('campaigns.inspector.scriptOk')}</Text>
        </Group>
      )}
    </Stack>
  );
}
