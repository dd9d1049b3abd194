import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Group,
  SegmentedControl,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import type { TMediaRef, TSiteDocument, TSiteLanguage } from '@swipe/contracts/sites';
import { IconMovie, IconPhoto, IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TDevice } from '../site-editor/canvas-model';
import { useDocSelector, useEditorTools, useErrorSelector } from '../site-editor/editor-context';
import { errorsUnder, setIn } from '../site-editor/editor-state';
import { focusField } from '../site-editor/focus-field';
import { LazyLiveCanvas } from '../site-editor/lazy-live-canvas';
import { thumbnailUrl } from '../site-editor/media-thumbs';
import { PageForm } from '../site-editor/page-form';

// The variation's pages: the grid of the site's pages, each switched to "override" or left as
// published, and the selected page's form (the site editor's own) beside its live canvas.

type TTile = { coordinate: string; media: TMediaRef | null };
const sameTiles = (a: TTile[], b: TTile[]) =>
  a.length === b.length && a.every((t, i) => t.coordinate === b[i]!.coordinate && t.media === b[i]!.media);
const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);
const languagesOf = (d: TSiteDocument) => d.languages;
const defaultOf = (d: TSiteDocument) => d.defaultLanguage;
const columnsOf = (d: TSiteDocument) => d.numberHorizontal;

export function VariationPages(props: {
  siteId: string;
  chosen: string[];
  onChoose: (coordinate: string, on: boolean) => void;
}) {
  const { t } = useTranslation();
  const { readOnly } = useEditorTools();
  const languages = useDocSelector(languagesOf, sameList);
  const defaultLanguage = useDocSelector(defaultOf);
  const [picked, setPicked] = useState<TSiteLanguage>(defaultLanguage);
  const lang = languages.includes(picked) ? picked : defaultLanguage;
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
          {languages.length > 1 && (
            <SegmentedControl
              value={lang}
              onChange={(v) => setPicked(v as TSiteLanguage)}
              data={languages.map((l) => ({ value: l, label: t(`siteEditor.languages.names.${l}`) }))}
              aria-label={t('experiments.editor.language')}
              data-testid="variation-language"
            />
          )}
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
          <Box
            miw={0}
            maw={420}
            style={{
              flex: '1 1 300px',
              position: 'sticky',
              top: 'calc(var(--app-shell-header-offset, 0px) + 16px)',
            }}
          >
            <VariationCanvas
              siteId={props.siteId}
              lang={lang}
              index={index}
              locked={readOnly || !overridden}
            />
          </Box>
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
  const { mediaUrls } = useEditorTools();
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
          const url = c.media?.kind === 'IMAGE' ? thumbnailUrl(c.media.assetId, mediaUrls) : undefined;
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
                  display: 'block',
                  width: '100%',
                  aspectRatio: '389 / 737',
                  borderRadius: 8,
                  position: 'relative',
                  overflow: 'hidden',
                  background: 'var(--mantine-color-gray-1)',
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
                {url ? (
                  <img
                    src={url}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    style={{
                      position: 'absolute',
                      inset: 0,
                      width: '100%',
                      height: '100%',
                      objectFit: 'cover',
                    }}
                  />
                ) : (
                  <Box style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
                    {c.media?.kind === 'VIDEO' ? (
                      <IconMovie size={22} color="var(--mantine-color-gray-6)" />
                    ) : (
                      <IconPhoto size={22} color="var(--mantine-color-gray-5)" />
                    )}
                  </Box>
                )}
                <Badge
                  size="xs"
                  variant="filled"
                  color="dark"
                  style={{ position: 'absolute', top: 4, left: 4 }}
                >
                  {c.coordinate}
                </Badge>
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

const whole = (doc: TSiteDocument) => doc;

/** The selected page drawn live from the variation's document (moving its products when overridden). */
function VariationCanvas(props: { siteId: string; lang: TSiteLanguage; index: number; locked: boolean }) {
  const { setDoc, mediaUrls } = useEditorTools();
  const doc = useDocSelector(whole);
  const [device, setDevice] = useState<TDevice>('phone');
  const coordinate = doc.content[props.lang]?.creatives[props.index]?.coordinate;
  if (!coordinate) return null;
  const moveProduct = (j: number, x: number, y: number) => {
    const at = ['content', props.lang, 'creatives', props.index, 'products', j];
    setDoc((prev) => setIn(setIn(prev, [...at, 'coordinateX'], x), [...at, 'coordinateY'], y), {
      coalesce: `${at.join('.')}.coordinate`,
    });
  };
  return (
    <LazyLiveCanvas
      doc={doc}
      lang={props.lang}
      coordinate={coordinate}
      mediaUrls={mediaUrls}
      device={device}
      onDeviceChange={setDevice}
      onSelectField={(path) => focusField(path)}
      onMoveProduct={moveProduct}
      readOnly={props.locked}
      siteId={props.siteId}
    />
  );
}
