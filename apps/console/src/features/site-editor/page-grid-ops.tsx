import {
  ActionIcon,
  Button,
  Group,
  Menu,
  Modal,
  NativeSelect,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { type TCheckPlan, ZCheckPlanResponse } from '@swipe/contracts/plans';
import { coordinateOf, gridCoordinates } from '@swipe/contracts/site-grid-rules';
import type { TSiteDocument, TSiteLanguage } from '@swipe/contracts/sites';
import {
  IconArrowDown,
  IconArrowLeft,
  IconArrowMoveRight,
  IconArrowRight,
  IconArrowsExchange,
  IconArrowUp,
  IconChevronDown,
  IconColumnInsertLeft,
  IconColumnInsertRight,
  IconColumnRemove,
  IconCopy,
  IconDots,
  IconRowInsertBottom,
  IconRowInsertTop,
  IconRowRemove,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api-client';
import { ConfirmModal, type TConfirm } from './confirm-modal';
import type { TSetOptions } from './editor-store';
import { applyPageOp, pageOpRefusal, removalLosesWork, type TPageOp } from './page-ops';

// The grid's page operations as the creator reaches them: a menu per row and per column (insert,
// remove), a menu per page (move by one, move to, swap with, duplicate), the warning before a
// removal that loses work, and an announcement of what happened for screen readers. Dragging a
// tile onto another (page-grid.tsx) runs the same operations. The menus have no initial-focus
// placeholder: a focusable element without a role inside role="menu" fails axe.

/** The drag data type of a page tile, so a tile dropped on the grid is not taken for files. */
export const PAGE_DRAG_TYPE = 'application/x-swipe-page';

/** The column's letters (0 -> A, 26 -> AA). */
export const columnName = (column: number) => coordinateOf(0, column).replace(/\d+$/, '');

/** The plan's page limit (the same query the editor page makes, so one request serves both). */
function useMaxPages(): number | null {
  const plan = useQuery({
    queryKey: ['check-plan'],
    queryFn: ({ signal }) =>
      api.get<TCheckPlan | null>('/api/check-plan', { signal, toast: false, schema: ZCheckPlanResponse }),
    staleTime: 60_000,
  });
  return plan.data?.data?.limits.pagesPerSite ?? null;
}

export type TPageOps = {
  /** Why the operation cannot run now, worded for the creator (null: it can). */
  reason: (op: TPageOp) => string | null;
  /** Runs it (after the warning when it removes work); the keyboard focus goes to `focus`'s menu after. */
  run: (op: TPageOp, focus?: string) => void;
  /** Asks which page to move the page to, or swap it with. */
  pick: (mode: 'move' | 'swap', page: string) => void;
  /** Where each page's menu button is, to give it the focus back after its page moved. */
  menuRef: (page: string) => (el: HTMLButtonElement | null) => void;
  readOnly: boolean;
  /** The dialogs and the live region. */
  nodes: ReactNode;
};

/**
 * The operations on `doc` for the grid of `lang`'s tab. After each, the selected page stays
 * selected wherever it moved, and every renamed address goes with the edit (`setDoc`'s renames:
 * undo takes them back, the save moves the campaigns' pages).
 */
export function usePageOps(opts: {
  /** The document as it is now (read when an operation runs, not when the grid last drew). */
  getDoc: () => TSiteDocument;
  setDoc: (next: TSiteDocument, options?: TSetOptions) => void;
  lang: TSiteLanguage;
  selected: number;
  onSelect: (i: number) => void;
  readOnly: boolean;
}): TPageOps {
  const { t } = useTranslation();
  const maxPages = useMaxPages();
  const [pending, setPending] = useState<TConfirm>(null);
  const [picking, setPicking] = useState<{ mode: 'move' | 'swap'; page: string } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const latest = useRef(opts);
  latest.current = opts;
  const menus = useRef(new Map<string, HTMLButtonElement>());
  // The page whose menu gets the focus once the operation is drawn, after the menu or dialog it
  // came from gave the focus back to where it was opened (10 ms after that commit, in Mantine).
  const [focusing, setFocusing] = useState<{ page: string } | null>(null);
  useEffect(() => {
    if (!focusing) return;
    const timer = setTimeout(() => menus.current.get(focusing.page)?.focus(), 30);
    return () => clearTimeout(timer);
  }, [focusing]);

  const reason = (op: TPageOp): string | null => {
    const refused = pageOpRefusal(opts.getDoc(), op, maxPages);
    if (refused === null) return null;
    if (refused === 'overPlan') return t('siteEditor.grid.overPlan', { max: maxPages });
    if (
      refused === 'lastRow' ||
      refused === 'lastColumn' ||
      refused === 'tooManyRows' ||
      refused === 'tooManyColumns'
    )
      return t(`siteEditor.grid.ops.refused.${refused}`);
    return t('siteEditor.grid.ops.refused.unavailable');
  };

  /** What happened, in a sentence. */
  const done = (op: TPageOp, next: TSiteDocument, before: TSiteDocument): string => {
    switch (op.kind) {
      case 'swap':
        return t('siteEditor.grid.ops.done.swap', { a: op.a, b: op.b });
      case 'move':
        return t('siteEditor.grid.ops.done.move', { from: op.from, to: op.to });
      case 'duplicate': {
        const at = gridCoordinates(before.numberVertical, before.numberHorizontal).indexOf(op.page);
        const copy = gridCoordinates(next.numberVertical, next.numberHorizontal)[at + 1];
        return t('siteEditor.grid.ops.done.duplicate', { page: op.page, copy });
      }
      case 'insertRow':
      case 'removeRow':
        return t(`siteEditor.grid.ops.done.${op.kind}`, { row: op.at + 1 });
      case 'insertColumn':
      case 'removeColumn':
        return t(`siteEditor.grid.ops.done.${op.kind}`, { column: columnName(op.at) });
      case 'resize':
        return '';
    }
  };

  const apply = (op: TPageOp, focus?: string) => {
    const { getDoc, setDoc, lang, selected, onSelect } = latest.current;
    const doc = getDoc();
    if (pageOpRefusal(doc, op, maxPages)) return;
    const { doc: next, renames } = applyPageOp(doc, op, maxPages);
    const selectedPage = doc.content[lang]?.creatives[selected]?.coordinate;
    setDoc(next, { renames });
    const order = gridCoordinates(next.numberVertical, next.numberHorizontal);
    const follow = (page: string | undefined) =>
      page === undefined ? null : Object.hasOwn(renames, page) ? renames[page]! : page;
    const stays = follow(selectedPage);
    onSelect(stays === null ? Math.min(selected, order.length - 1) : order.indexOf(stays));
    setAnnouncement(done(op, next, doc));
    const target = follow(focus);
    if (target) setFocusing({ page: target });
  };

  const run = (op: TPageOp, focus?: string) => {
    const doc = latest.current.getDoc();
    if (opts.readOnly || pageOpRefusal(doc, op, maxPages)) return;
    if (!removalLosesWork(doc, op)) return apply(op, focus);
    const { renames } = applyPageOp(doc, op, maxPages);
    const gone = Object.keys(renames).filter((p) => renames[p] === null);
    const pages = gone.length <= 8 ? gone.join(', ') : `${gone[0]} … ${gone.at(-1)}`;
    setPending({
      title:
        op.kind === 'removeRow'
          ? t('siteEditor.grid.ops.removeRowTitle', { row: op.at + 1 })
          : op.kind === 'removeColumn'
            ? t('siteEditor.grid.ops.removeColumnTitle', { column: columnName(op.at) })
            : t('siteEditor.grid.confirmTitle'),
      body: t('siteEditor.grid.ops.removeBody', { count: gone.length, pages }),
      confirm: t('siteEditor.grid.ops.remove'),
      run: () => apply(op, focus),
    });
  };

  const nodes = (
    <>
      <ConfirmModal pending={pending} onClose={() => setPending(null)} />
      <PickPageModal
        picking={picking}
        pages={gridCoordinates(opts.getDoc().numberVertical, opts.getDoc().numberHorizontal)}
        onClose={() => setPicking(null)}
        onPick={(mode, page, other) => {
          setPicking(null);
          run(
            mode === 'move' ? { kind: 'move', from: page, to: other } : { kind: 'swap', a: page, b: other },
            page,
          );
        }}
      />
      <VisuallyHidden role="status" aria-live="polite" data-testid="grid-announcement">
        {announcement}
      </VisuallyHidden>
    </>
  );

  return {
    reason,
    run,
    pick: (mode, page) => setPicking({ mode, page }),
    menuRef: (page) => (el) => {
      if (el) menus.current.set(page, el);
      else menus.current.delete(page);
    },
    readOnly: opts.readOnly,
    nodes,
  };
}

/** "Move to…" and "Swap with…": the other page chosen from a list (keyboard and phone friendly). */
function PickPageModal({
  picking,
  pages,
  onClose,
  onPick,
}: {
  picking: { mode: 'move' | 'swap'; page: string } | null;
  pages: string[];
  onClose: () => void;
  onPick: (mode: 'move' | 'swap', page: string, other: string) => void;
}) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState('');
  const others = pages.filter((p) => p !== picking?.page);
  const value = others.includes(choice) ? choice : (others[0] ?? '');
  const move = picking?.mode === 'move';
  return (
    <Modal
      opened={picking !== null}
      onClose={onClose}
      centered
      title={
        move
          ? t('siteEditor.grid.ops.pickMoveTitle', { page: picking?.page })
          : t('siteEditor.grid.ops.pickSwapTitle', { page: picking?.page })
      }
    >
      <Stack gap="md">
        <NativeSelect
          label={move ? t('siteEditor.grid.ops.pickMoveLabel') : t('siteEditor.grid.ops.pickSwapLabel')}
          description={move ? t('siteEditor.grid.ops.pickMoveHint') : t('siteEditor.grid.ops.pickSwapHint')}
          data={others}
          value={value}
          onChange={(e) => setChoice(e.currentTarget.value)}
          data-testid="page-pick"
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('siteEditor.cancel')}
          </Button>
          <Button
            onClick={() => picking && value && onPick(picking.mode, picking.page, value)}
            disabled={!value}
            data-testid="page-pick-ok"
          >
            {move ? t('siteEditor.grid.ops.move') : t('siteEditor.grid.ops.swap')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A menu entry running `op`; when it cannot run, disabled with the reason under its label. */
function OpItem({
  ops,
  op,
  label,
  icon,
  focus,
  danger,
  testId,
}: {
  ops: TPageOps;
  op: TPageOp;
  label: string;
  icon: ReactNode;
  focus?: string;
  danger?: boolean;
  testId: string;
}) {
  const why = ops.reason(op);
  return (
    <Menu.Item
      leftSection={icon}
      color={danger ? 'red' : undefined}
      disabled={ops.readOnly || why !== null}
      onClick={() => ops.run(op, focus)}
      data-testid={testId}
    >
      {label}
      {why && (
        <Text size="xs" c="dimmed">
          {why}
        </Text>
      )}
    </Menu.Item>
  );
}

/** The menu of a row (its number) or a column (its letters) above and beside the tiles. */
export function AxisMenu({ axis, index, ops }: { axis: 'row' | 'column'; index: number; ops: TPageOps }) {
  const { t } = useTranslation();
  const name = axis === 'row' ? String(index + 1) : columnName(index);
  const icon = { size: 16, stroke: 1.7 };
  return (
    <Menu position="bottom-start" shadow="md" width={260} withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton
          aria-label={
            axis === 'row'
              ? t('siteEditor.grid.ops.rowMenu', { row: name })
              : t('siteEditor.grid.ops.columnMenu', { column: name })
          }
          disabled={ops.readOnly}
          data-testid={`grid-${axis}-menu-${name}`}
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 2,
            width: '100%',
            height: '100%',
            minHeight: 24,
            borderRadius: 6,
            fontSize: 'var(--mantine-font-size-xs)',
            fontWeight: 600,
            color: 'var(--mantine-color-dimmed)',
          }}
        >
          {name}
          {!ops.readOnly && <IconChevronDown size={12} aria-hidden />}
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {axis === 'row' ? (
          <>
            <Menu.Label>{t('siteEditor.grid.ops.row', { row: name })}</Menu.Label>
            <OpItem
              ops={ops}
              op={{ kind: 'insertRow', at: index }}
              label={t('siteEditor.grid.ops.insertRowAbove')}
              icon={<IconRowInsertTop {...icon} />}
              testId="insert-row-above"
            />
            <OpItem
              ops={ops}
              op={{ kind: 'insertRow', at: index + 1 }}
              label={t('siteEditor.grid.ops.insertRowBelow')}
              icon={<IconRowInsertBottom {...icon} />}
              testId="insert-row-below"
            />
            <Menu.Divider />
            <OpItem
              ops={ops}
              op={{ kind: 'removeRow', at: index }}
              label={t('siteEditor.grid.ops.removeRow')}
              icon={<IconRowRemove {...icon} />}
              danger
              testId="remove-row"
            />
          </>
        ) : (
          <>
            <Menu.Label>{t('siteEditor.grid.ops.column', { column: name })}</Menu.Label>
            <OpItem
              ops={ops}
              op={{ kind: 'insertColumn', at: index }}
              label={t('siteEditor.grid.ops.insertColumnLeft')}
              icon={<IconColumnInsertLeft {...icon} />}
              testId="insert-column-left"
            />
            <OpItem
              ops={ops}
              op={{ kind: 'insertColumn', at: index + 1 }}
              label={t('siteEditor.grid.ops.insertColumnRight')}
              icon={<IconColumnInsertRight {...icon} />}
              testId="insert-column-right"
            />
            <Menu.Divider />
            <OpItem
              ops={ops}
              op={{ kind: 'removeColumn', at: index }}
              label={t('siteEditor.grid.ops.removeColumn')}
              icon={<IconColumnRemove {...icon} />}
              danger
              testId="remove-column"
            />
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** A page's menu: move it by one cell (a swap with the neighbour), move or swap it anywhere, duplicate it. */
export function TileMenu({
  page,
  row,
  column,
  rows,
  columns,
  ops,
}: {
  page: string;
  row: number;
  column: number;
  rows: number;
  columns: number;
  ops: TPageOps;
}) {
  const { t } = useTranslation();
  const icon = { size: 16, stroke: 1.7 };
  const swapWith = (r: number, c: number): TPageOp => ({ kind: 'swap', a: page, b: coordinateOf(r, c) });
  const neighbours = [
    { key: 'moveLeft', ok: column > 0, r: row, c: column - 1, Icon: IconArrowLeft },
    { key: 'moveRight', ok: column < columns - 1, r: row, c: column + 1, Icon: IconArrowRight },
    { key: 'moveUp', ok: row > 0, r: row - 1, c: column, Icon: IconArrowUp },
    { key: 'moveDown', ok: row < rows - 1, r: row + 1, c: column, Icon: IconArrowDown },
  ] as const;
  const alone = rows * columns === 1;
  return (
    <Menu position="bottom-end" shadow="md" width={240} withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon
          ref={ops.menuRef(page)}
          size="sm"
          variant="white"
          color="dark"
          radius="xl"
          aria-label={t('siteEditor.grid.ops.tileMenu', { page })}
          data-testid={`page-menu-${page}`}
          style={{ position: 'absolute', right: 4, bottom: 4, boxShadow: 'var(--mantine-shadow-xs)' }}
        >
          <IconDots size={14} stroke={2} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('siteEditor.grid.ops.tile', { page })}</Menu.Label>
        {neighbours.map(({ key, ok, r, c, Icon }) => (
          <Menu.Item
            key={key}
            leftSection={<Icon {...icon} />}
            disabled={!ok}
            onClick={() => ops.run(swapWith(r, c), page)}
            data-testid={`page-${key}`}
          >
            {t(`siteEditor.grid.ops.${key}`)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconArrowMoveRight {...icon} />}
          disabled={alone}
          onClick={() => ops.pick('move', page)}
          data-testid="page-move-to"
        >
          {t('siteEditor.grid.ops.moveTo')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconArrowsExchange {...icon} />}
          disabled={alone}
          onClick={() => ops.pick('swap', page)}
          data-testid="page-swap-with"
        >
          {t('siteEditor.grid.ops.swapWith')}
        </Menu.Item>
        <OpItem
          ops={ops}
          op={{ kind: 'duplicate', page }}
          label={t('siteEditor.grid.ops.duplicate')}
          icon={<IconCopy {...icon} />}
          focus={page}
          testId="page-duplicate"
        />
      </Menu.Dropdown>
    </Menu>
  );
}
