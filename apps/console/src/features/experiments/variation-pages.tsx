import { Alert, Badge, Box, Button, Card, Checkbox, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { TMediaRef, TSiteDocument, TSiteLanguage } from '@swipe/contracts/sites';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocSelector, useEditorTools, useErrorSelector } from '../site-editor/editor-context';
import { errorsUnder } from '../site-editor/editor-state';
import { PageCanvasColumn } from '../site-editor/page-canvas';
import { PageForm } from '../site-editor/page-form';
import { PAGE_TILE_STYLE, PageTileFace } from '../site-editor/page-tile-face';
import { sameList, useVariationLanguage, VariationLanguagePicker } from './variation-extras';

// The variation's pages: the grid of the site's pages, each switched to "override" or left as
// published, and the selected page's form (the site editor's own) beside its live canvas.

type TTile = { coordinate: string; media: TMediaRef | null };
const sameTiles = (a: TTile[], b: TTile[]) =>
  a.length === b.length && a.every((t, i) => t.coordinate === b[i]!.coordinate && t.media === b[i]!.media);
const columnsOf = (d: TSiteDocument) => d.numberHorizontal;

export function VariationPages(props: {
  chosen: string[];
  onChoose: (coordinate: string, on: boolean) => void;
}) {
  const { t } = useTranslation();
  const { readOnly } = useEditorTools();
  const language = useVariationLanguage();
  const { lang } = language;
  const coordinates = useDocSelector(
    (d) => d.content[lang]?.creatives.map((c) => c.coordinate) ?? [],
    sameList,
  );
  const [selected, setSelected] = useState(() => props.chosen[0] ?? coordinates[0] ?? 'A1');
  const index = coordinates.indexOf(selected);
  const overridden = props.chosen.includes(selected);

  return (
    <>
      <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="variation-pages">
        <Group justify="space-between" align="flex-start" gap="sm" mb="md" wrap="wrap">
          <Stack gap={2} miw={0} style={{ flex: '1 1 260px' }}>
            <Text fw={650}>{t('experiments.editor.pagesTitle', { count: props.chosen.length })}</Text>
            <Text size="xs" c="dimmed">
              {t('experiments.editor.pagesHint')}
            </Text>
          </Stack>
          <VariationLanguagePicker value={language} testId="variation-language" />
        </Group>
        <OverrideGrid
          lang={lang}
          chosen={props.chosen}
          selected={selected}
          onSelect={setSelected}
          onChoose={props.onChoose}
          readOnly={readOnly}
        />
      </Card>
      {index >= 0 && (
        <Group align="flex-start" gap="lg">
          <Card
            withBorder
            radius="md"
            p={{ base: 'md', sm: 'lg' }}
            miw={0}
            style={{ flex: '1 1 480px' }}
            data-testid="variation-page"
          >
            <Group justify="space-between" gap="sm" mb="md" wrap="wrap">
              <Group gap="xs">
                <Text fw={650}>{t('siteEditor.page.title', { page: selected })}</Text>
                <Badge
                  variant="light"
                  color={overridden ? 'brand' : 'gray'}
                  c={overridden ? 'brand.9' : 'gray.9'}
                  tt="none"
                  radius="sm"
                >
                  {overridden ? t('experiments.editor.changed') : t('experiments.editor.asPublished')}
                </Badge>
              </Group>
              {overridden && !readOnly && (
                <Button
                  size="xs"
                  variant="subtle"
                  color="gray"
                  leftSection={<IconX size={14} />}
                  onClick={() => props.onChoose(selected, false)}
                  data-testid="variation-page-reset"
                >
                  {t('experiments.editor.stopOverriding')}
                </Button>
              )}
            </Group>
            {overridden ? (
              <PageForm key={`${lang}-${selected}`} lang={lang} index={index} />
            ) : (
              <Alert variant="light" color="gray" data-testid="variation-page-published">
                <Stack gap="sm" align="flex-start">
                  <Text size="sm">{t('experiments.editor.notOverridden', { page: selected })}</Text>
                  {!readOnly && (
                    <Button
                      size="xs"
                      leftSection={<IconPlus size={14} />}
                      onClick={() => props.onChoose(selected, true)}
                      data-testid="variation-page-override"
                    >
                      {t('experiments.editor.overrideThis', { page: selected })}
                    </Button>
                  )}
                </Stack>
              </Alert>
            )}
          </Card>
          <PageCanvasColumn lang={lang} index={index} locked={!overridden} comments={false} />
        </Group>
      )}
    </>
  );
}

/** The pages as tiles in the grid's shape: a press selects one, its box overrides it. */
function OverrideGrid(props: {
  lang: TSiteLanguage;
  chosen: string[];
  selected: string;
  onSelect: (coordinate: string) => void;
  onChoose: (coordinate: string, on: boolean) => void;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const { lang } = props;
  const tiles = useDocSelector(
    (d) => (d.content[lang]?.creatives ?? []).map((c) => ({ coordinate: c.coordinate, media: c.media })),
    sameTiles,
  );
  const columns = useDocSelector(columnsOf);
  const bad = useErrorSelector((errors) =>
    tiles.map((_, i) => errorsUnder(errors, `content.${lang}.creatives.${i}`) > 0).join(),
  ).split(',');
  return (
    <Box style={{ overflowX: 'auto', paddingBottom: 4 }}>
      <Box
        role="group"
        aria-label={t('experiments.editor.pagesLabel')}
        style={{
          display: 'grid',
          gridTemplateColumns: `repeat(${columns}, minmax(64px, 84px))`,
          gap: 10,
          width: 'max-content',
        }}
      >
        {tiles.map((c, i) => {
          const on = props.chosen.includes(c.coordinate);
          const current = c.coordinate === props.selected;
          return (
            <Stack
              key={c.coordinate}
              gap={6}
              data-testid={`variation-tile-${c.coordinate}`}
              data-overridden={on}
            >
              <UnstyledButton
                aria-label={t('experiments.editor.tile', { page: c.coordinate })}
                aria-current={current ? 'true' : undefined}
                onClick={() => props.onSelect(c.coordinate)}
                data-testid={`variation-select-${c.coordinate}`}
                style={{
                  ...PAGE_TILE_STYLE,
                  outline: current
                    ? '3px solid var(--mantine-color-brand-6)'
                    : bad[i] === 'true'
                      ? '2px solid var(--mantine-color-red-6)'
                      : on
                        ? '2px solid var(--mantine-color-brand-3)'
                        : '1px solid var(--mantine-color-gray-3)',
                  opacity: on || current ? 1 : 0.72,
                }}
              >
                <PageTileFace coordinate={c.coordinate} media={c.media} />
                {on && (
                  <Badge
                    size="xs"
                    variant="filled"
                    color="brand.8"
                    style={{ position: 'absolute', bottom: 4, left: 4, right: 4 }}
                  >
                    {t('experiments.editor.changed')}
                  </Badge>
                )}
              </UnstyledButton>
              <Checkbox
                size="xs"
                label={t('experiments.editor.override')}
                aria-label={t('experiments.editor.overridePage', { page: c.coordinate })}
                checked={on}
                disabled={props.readOnly}
                onChange={(e) => {
                  props.onChoose(c.coordinate, e.currentTarget.checked);
                  if (e.currentTarget.checked) props.onSelect(c.coordinate);
                }}
                data-testid={`override-${c.coordinate}`}
              />
            </Stack>
          );
        })}
      </Box>
    </Box>
  );
}
