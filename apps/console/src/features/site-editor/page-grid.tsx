import {
  Box,
  Button,
  Card,
  FileButton,
  Group,
  Progress,
  SegmentedControl,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import type { TMediaRef, TSiteLanguage } from '@swipe/contracts/sites';
import { isZipName } from '@swipe/contracts/uploads';
import { IconFileZip, IconLock, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocSelector, useEditorTools, useErrorSelector } from './editor-context';
import { errorsUnder } from './editor-state';
import { AxisMenu, columnName, PAGE_DRAG_TYPE, TileMenu, usePageOps } from './page-grid-ops';
import { placeMedia } from './page-ops';
import { PAGE_TILE_STYLE, PageTileFace } from './page-tile-face';
import { assignFilesToPages } from './upload-rules';
import { useUploader } from './use-uploader';

/**
 * The rows x columns grid as tiles (A1, B1 ...), bulk upload of images onto it, and the page
 * operations: row and column menus, a menu per page, and tiles dragged onto each other.
 */
type TTile = { coordinate: string; media: TMediaRef | null; membersOnlyLock: boolean };
const sameTiles = (a: TTile[], b: TTile[]) =>
  a.length === b.length &&
  a.every(
    (t, i) =>
      t.coordinate === b[i]!.coordinate &&
      t.media === b[i]!.media &&
      t.membersOnlyLock === b[i]!.membersOnlyLock,
  );
const sameTuple = (a: readonly number[], b: readonly number[]) => a.every((v, i) => v === b[i]);

export function PageGrid({
  lang,
  selected,
  onSelect,
}: {
  lang: TSiteLanguage;
  selected: number;
  onSelect: (i: number) => void;
}) {
  const { t } = useTranslation();
  // Only what the tiles show: typing a page's text does not redraw the grid.
  const { store, setDoc, readOnly } = useEditorTools();
  const creatives = useDocSelector(
    (d) =>
      (d.content[lang]?.creatives ?? []).map((c) => ({
        coordinate: c.coordinate,
        media: c.media,
        membersOnlyLock: c.membersOnlyLock,
      })),
    sameTiles,
  );
  const [rows, columns] = useDocSelector((d) => [d.numberVertical, d.numberHorizontal] as const, sameTuple);
  const badPages = useErrorSelector((errors) =>
    creatives.map((_, i) => errorsUnder(errors, `content.${lang}.creatives.${i}`) > 0).join(),
  );
  const uploader = useUploader();
  const [progress, setProgress] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const ops = usePageOps({ getDoc: store.getDoc, setDoc, lang, selected, onSelect, readOnly });
  // Dropping a tile onto another swaps them, or moves it there (the pages between shift).
  const [dropMode, setDropMode] = useState<'swap' | 'move'>('swap');
  const [dropTarget, setDropTarget] = useState<string | null>(null);

  const bulk = async (files: File[]) => {
    if (files.length === 0) return;
    const plan = assignFilesToPages(
      files,
      creatives.map((c) => ({ coordinate: c.coordinate, filled: c.media !== null })),
    );
    setProgress(0);
    const outcomes = await uploader.upload(
      plan.map((p) => p.file),
      setProgress,
    );
    setProgress(null);
    setDoc((prev) =>
      placeMedia(
        prev,
        lang,
        outcomes.flatMap((o, i) =>
          o.asset
            ? [{ coordinate: plan[i]!.coordinate, media: { assetId: o.asset.id, kind: o.asset.kind } }]
            : [],
        ),
      ),
    );
  };

  // Bulk upload as one ZIP: its images go to the pages their names address (B2.jpg),
  // the others in name order to the empty pages; images no page is left for are listed.
  const bulkZip = async (file: File | null) => {
    if (!file) return;
    setProgress(0);
    const entries = await uploader.uploadZip(file, setProgress);
    setProgress(null);
    if (!entries) return;
    const uploaded = entries.flatMap((e) => (e.asset ? [{ name: e.name, asset: e.asset }] : []));
    // The pages as they are when the upload ends, not as they were when it began.
    const pages = store.getDoc().content[lang]?.creatives ?? [];
    const plan = assignFilesToPages(
      uploaded,
      pages.map((c) => ({ coordinate: c.coordinate, filled: c.media !== null })),
    );
    const placed = new Set(plan.map((p) => p.file));
    const unplaced = uploaded.filter((u) => !placed.has(u));
    if (unplaced.length > 0)
      uploader.addFailures(unplaced.map((u) => ({ name: u.name, error: t('siteEditor.grid.zipNoPage') })));
    setDoc((prev) =>
      placeMedia(
        prev,
        lang,
        plan.map(({ file, coordinate }) => ({
          coordinate,
          media: { assetId: file.asset.id, kind: file.asset.kind },
        })),
      ),
    );
  };

  /** Dropped files: each ZIP as a bulk upload of its own, then the images. */
  const drop = async (files: File[]) => {
    for (const zip of files.filter((f) => isZipName(f.name))) await bulkZip(zip);
    await bulk(files.filter((f) => !isZipName(f.name)));
  };

  return (
    <Card
      withBorder
      radius="md"
      p="lg"
      // Files dropped anywhere on the grid are uploaded like the bulk buttons' (images or a ZIP).
      onDragOver={(e) => {
        if (!readOnly && e.dataTransfer.types.includes('Files')) {
          e.preventDefault();
          setDragging(true);
        }
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        if (!readOnly) void drop([...e.dataTransfer.files]);
      }}
      style={dragging ? { outline: '2px dashed var(--mantine-color-brand-5)', outlineOffset: -6 } : undefined}
    >
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Stack gap={0}>
          <Text fw={650}>{t('siteEditor.grid.pages', { count: creatives.length })}</Text>
          <Text size="xs" c="dimmed">
            {t('siteEditor.grid.hint')}
          </Text>
          {!readOnly && (
            <Text size="xs" c="dimmed">
              {t('siteEditor.grid.ops.hint')}
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          <FileButton onChange={bulk} accept="image/png,image/jpeg,.jfif,.heic" multiple>
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<IconUpload size={16} />}
                disabled={readOnly}
                loading={progress !== null}
                data-testid="bulk-upload"
              >
                {t('siteEditor.grid.bulk')}
              </Button>
            )}
          </FileButton>
          <FileButton onChange={bulkZip} accept=".zip,application/zip,application/x-zip-compressed">
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<IconFileZip size={16} />}
                disabled={readOnly}
                loading={progress !== null}
                data-testid="zip-upload"
              >
                {t('siteEditor.grid.zip')}
              </Button>
            )}
          </FileButton>
        </Group>
      </Group>
      {progress !== null && <Progress value={progress * 100} size="sm" mb="sm" animated />}
      {!readOnly && columns * rows > 1 && (
        <Group gap="xs" mb="xs" wrap="wrap">
          <Text size="xs" c="dimmed" id={`drop-mode-${lang}`}>
            {t('siteEditor.grid.ops.dropMode')}
          </Text>
          <SegmentedControl
            size="xs"
            value={dropMode}
            onChange={(v) => setDropMode(v as 'swap' | 'move')}
            aria-labelledby={`drop-mode-${lang}`}
            data={[
              { value: 'swap', label: t('siteEditor.grid.ops.dropSwap') },
              { value: 'move', label: t('siteEditor.grid.ops.dropMove') },
            ]}
            data-testid="drop-mode"
          />
        </Group>
      )}
      <Box style={{ overflowX: 'auto', paddingBottom: 4 }}>
        <Box
          style={{
            display: 'grid',
            gridTemplateColumns: `28px repeat(${columns}, minmax(72px, 96px))`,
            gap: 8,
            width: 'max-content',
          }}
          role="group"
          aria-label={t('siteEditor.grid.pagesLabel')}
        >
          <span />
          {Array.from({ length: columns }, (_, c) => (
            <AxisMenu key={`column-${columnName(c)}`} axis="column" index={c} ops={ops} />
          ))}
          {creatives.map((c, i) => {
            const row = Math.floor(i / columns);
            const column = i % columns;
            // The image's smallest variant, loaded as the tile scrolls into view (media-thumbs.ts).
            const bad = badPages.split(',')[i] === 'true';
            const target = dropTarget === c.coordinate;
            return [
              column === 0 && <AxisMenu key={`row-${row + 1}`} axis="row" index={row} ops={ops} />,
              <Box
                key={c.coordinate}
                style={{ position: 'relative' }}
                onDragOver={(e) => {
                  if (readOnly || !e.dataTransfer.types.includes(PAGE_DRAG_TYPE)) return;
                  e.preventDefault();
                  e.dataTransfer.dropEffect = 'move';
                  if (!target) setDropTarget(c.coordinate);
                }}
                onDragLeave={() => setDropTarget((d) => (d === c.coordinate ? null : d))}
                onDrop={(e) => {
                  const from = e.dataTransfer.getData(PAGE_DRAG_TYPE);
                  if (!from) return;
                  e.preventDefault();
                  e.stopPropagation();
                  setDropTarget(null);
                  if (from !== c.coordinate)
                    ops.run(
                      dropMode === 'swap'
                        ? { kind: 'swap', a: from, b: c.coordinate }
                        : { kind: 'move', from, to: c.coordinate },
                      from,
                    );
                }}
              >
                <UnstyledButton
                  aria-label={t('siteEditor.grid.ops.tile', { page: c.coordinate })}
                  aria-current={i === selected ? 'true' : undefined}
                  onClick={() => onSelect(i)}
                  draggable={!readOnly}
                  onDragStart={(e) => {
                    e.dataTransfer.setData(PAGE_DRAG_TYPE, c.coordinate);
                    e.dataTransfer.effectAllowed = 'move';
                  }}
                  onDragEnd={() => setDropTarget(null)}
                  data-testid={`page-tile-${c.coordinate}`}
                  style={{
                    ...PAGE_TILE_STYLE,
                    cursor: readOnly ? undefined : 'grab',
                    outline: target
                      ? '3px dashed var(--mantine-color-brand-5)'
                      : i === selected
                        ? '3px solid var(--mantine-color-brand-6)'
                        : bad
                          ? '2px solid var(--mantine-color-red-6)'
                          : '1px solid var(--mantine-color-gray-3)',
                  }}
                >
                  <PageTileFace coordinate={c.coordinate} media={c.media} draggable={false} />
                  {c.membersOnlyLock && (
                    <IconLock size={14} style={{ position: 'absolute', top: 6, right: 6 }} color="white" />
                  )}
                </UnstyledButton>
                {!readOnly && (
                  <TileMenu
                    page={c.coordinate}
                    row={row}
                    column={column}
                    rows={rows}
                    columns={columns}
                    ops={ops}
                  />
                )}
              </Box>,
            ];
          })}
        </Box>
      </Box>
      {ops.nodes}
      {uploader.failures}
    </Card>
  );
}
