import '@mantine/dates/styles.layer.css';
import 'dayjs/locale/ja';
import 'dayjs/locale/ko';
import 'dayjs/locale/zh-cn';
import {
  Card,
  Checkbox,
  ColorInput,
  Group,
  SegmentedControl,
  SimpleGrid,
  Slider,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { CAMPAIGN_POSITIONS } from '@swipe/contracts/campaigns';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { TEXT_MAX } from '@swipe/contracts/site-rules';
import type { TSiteLanguage } from '@swipe/contracts/sites';
import { useTranslation } from 'react-i18next';
import type { TCampaignDraft } from './campaign-draft';
import { MediaSlot, type TMediaUrls } from './campaign-media';
import classes from './campaigns.module.css';

// The campaign's settings beside the designer's zone: its names, its period, the pages it runs
// on, click counting, its position and the zone's background.

const DAYJS_LOCALE: Record<TUiLanguage, string> = { ja: 'ja', en: 'en', cn: 'zh-cn', kr: 'ko' };
/** Dates as each UI language writes them. */
const DATE_FORMAT: Record<TUiLanguage, string> = {
  ja: 'YYYY/MM/DD',
  en: 'MMM D, YYYY',
  cn: 'YYYY/MM/DD',
  kr: 'YYYY. MM. DD.',
};

export function CampaignSettings({
  draft,
  pages,
  languages,
  isNew,
  errors,
  readOnly,
  media,
  edit,
}: {
  draft: TCampaignDraft;
  /** Every page of the site's grid, in reading order. */
  pages: string[];
  languages: TSiteLanguage[];
  isNew: boolean;
  errors: Record<string, string>;
  readOnly: boolean;
  media: TMediaUrls;
  /** The designer's one write point (edits of one `group` in a row are one undo step). */
  edit: (fn: (d: TCampaignDraft) => TCampaignDraft, group?: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as TUiLanguage;
  const allPages = draft.effectivePages.length === pages.length;
  const somePages = draft.effectivePages.length > 0 && !allPages;
  return (
    <Card p={{ base: 'md', sm: 'lg' }} className={classes.form}>
      <Stack gap="md">
        <Text fw={650} component="h2" m={0} fz="lg">
          {isNew ? t('campaigns.designer.newTitle') : t('campaigns.designer.editTitle')}
        </Text>
        <SimpleGrid type="container" cols={{ base: 1, '560px': 2 }} spacing="md">
          {languages.map((l, n) => (
            <TextInput
              key={l}
              label={t('campaigns.designer.name', { language: t(`sites.languages.${l}`) })}
              value={draft.names[l] ?? ''}
              onChange={(e) => {
                const v = e.currentTarget.value;
                edit((d) => ({ ...d, names: { ...d.names, [l]: v } }), `names.${l}`);
              }}
              error={errors[`names.${l}`] ?? (n === 0 ? errors.names : undefined)}
              disabled={readOnly}
              maxLength={TEXT_MAX.default}
              withAsterisk={n === 0}
              data-testid={`campaign-name-${l}`}
            />
          ))}
        </SimpleGrid>
        <DatesProvider settings={{ locale: DAYJS_LOCALE[lang] ?? 'ja' }}>
          <SimpleGrid type="container" cols={{ base: 1, '400px': 2 }} spacing="md">
            <DatePickerInput
              label={t('campaigns.designer.startDate')}
              value={draft.startDate || null}
              onChange={(v) => edit((d) => ({ ...d, startDate: v ?? '' }))}
              valueFormat={DATE_FORMAT[lang] ?? 'YYYY/MM/DD'}
              error={errors.startDate}
              disabled={readOnly}
              withAsterisk
              data-testid="campaign-start"
            />
            <DatePickerInput
              label={t('campaigns.designer.endDate')}
              value={draft.endDate || null}
              onChange={(v) => edit((d) => ({ ...d, endDate: v ?? '' }))}
              valueFormat={DATE_FORMAT[lang] ?? 'YYYY/MM/DD'}
              minDate={draft.startDate || undefined}
              error={errors.endDate}
              disabled={readOnly}
              withAsterisk
              data-testid="campaign-end"
            />
          </SimpleGrid>
        </DatesProvider>
        <Text size="xs" c="dimmed" mt={-8}>
          {t('campaigns.designer.datesHint')}
        </Text>

        <Stack gap={6}>
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={500} id="campaign-pages-label">
              {t('campaigns.designer.pages')}
            </Text>
            <Text size="xs" c="dimmed" data-testid="campaign-pages-count">
              {t('campaigns.designer.pagesSelected', {
                count: draft.effectivePages.length,
                total: pages.length,
              })}
            </Text>
          </Group>
          <Checkbox
            label={t('campaigns.designer.selectAll')}
            checked={allPages}
            indeterminate={somePages}
            onChange={() => edit((d) => ({ ...d, effectivePages: allPages ? [] : [...pages] }))}
            disabled={readOnly}
            size="sm"
            data-testid="campaign-pages-all"
          />
          {/* biome-ignore lint/a11y/useSemanticElements: a labelled group of checkboxes in a grid */}
          <div className={classes.pageGrid} role="group" aria-labelledby="campaign-pages-label">
            {pages.map((p) => (
              <Checkbox
                key={p}
                label={p}
                checked={draft.effectivePages.includes(p)}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  edit((d) => ({
                    ...d,
                    effectivePages: on
                      ? pages.filter((q) => q === p || d.effectivePages.includes(q))
                      : d.effectivePages.filter((q) => q !== p),
                  }));
                }}
                disabled={readOnly}
                size="xs"
                data-testid={`campaign-page-${p}`}
              />
            ))}
          </div>
          {errors.effectivePages && (
            <Text size="xs" c="red" data-testid="campaign-pages-error">
              {errors.effectivePages}
            </Text>
          )}
        </Stack>

        <Switch
          label={t('campaigns.designer.clickCounting')}
          description={t('campaigns.designer.clickCountingHint')}
          checked={draft.clickCounting}
          onChange={(e) => {
            const v = e.currentTarget.checked;
            edit((d) => ({ ...d, clickCounting: v }));
          }}
          disabled={readOnly}
          data-testid="campaign-click-counting"
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="campaign-position-label">
            {t('campaigns.designer.position')}
          </Text>
          <SegmentedControl
            aria-labelledby="campaign-position-label"
            data={CAMPAIGN_POSITIONS.map((p) => ({
              value: String(p),
              label: `${p} · ${t(`campaigns.designer.positions.${p}`)}`,
            }))}
            value={String(draft.position)}
            onChange={(v) => edit((d) => ({ ...d, position: Number(v) as TCampaignDraft['position'] }))}
            disabled={readOnly}
            data-testid="campaign-position"
          />
        </Stack>
        <MediaSlot
          label={t('campaigns.designer.background')}
          value={draft.background}
          media={media}
          onChange={(ref) => edit((d) => ({ ...d, background: ref }))}
          disabled={readOnly}
          error={errors.background ?? errors['background.assetId']}
          testId="campaign-background"
        />
        <ColorInput
          eyeDropperButtonProps={{ 'aria-label': t('campaigns.designer.pickColour') }}
          label={t('campaigns.designer.backgroundColor')}
          value={draft.backgroundColor}
          onChange={(v) => edit((d) => ({ ...d, backgroundColor: v }), 'backgroundColor')}
          error={errors.backgroundColor}
          disabled={readOnly}
          data-testid="campaign-background-color"
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('campaigns.designer.backgroundOpacity')}
          </Text>
          <Slider
            value={draft.backgroundOpacity}
            onChange={(v) => edit((d) => ({ ...d, backgroundOpacity: v }), 'backgroundOpacity')}
            min={0}
            max={100}
            step={1}
            label={(v) => `${v}%`}
            thumbLabel={t('campaigns.designer.backgroundOpacity')}
            disabled={readOnly}
            data-testid="campaign-background-opacity"
          />
        </Stack>
      </Stack>
    </Card>
  );
}
