import { describe, expect, it } from 'vitest';
import { COALESCE_MS, HISTORY_MAX } from '../../app/doc-store';
import { newDocument, resizeGrid, setIn } from './editor-state';
import { composePages, createEditorStore, renamesBetween } from './editor-store';

const withText = (text: string) => (d: ReturnType<typeof newDocument>) =>
  setIn(d, ['content', 'JP', 'creatives', 0, 'mainText'], text);
const text = (store: ReturnType<typeof createEditorStore>) =>
  store.getDoc().content.JP!.creatives[0]!.mainText;

describe('the editor store', () => {
  it('undoes and redoes every edit, and a new edit drops what could be redone', () => {
    const store = createEditorStore(newDocument('Site'));
    store.set(withText('a'));
    store.set(withText('b'));
    expect(store.getHistory()).toEqual({ canUndo: true, canRedo: false });
    store.undo();
    expect(text(store)).toBe('a');
    store.undo();
    expect(text(store)).toBe('');
    expect(store.getHistory()).toEqual({ canUndo: false, canRedo: true });
    store.undo();
    expect(text(store)).toBe('');
    store.redo();
    expect(text(store)).toBe('a');
    store.set(withText('c'));
    expect(store.getHistory().canRedo).toBe(false);
    store.redo();
    expect(text(store)).toBe('c');
  });

  it('typing into one field is one step; another field or a pause starts a new one', () => {
    let now = 0;
    const store = createEditorStore(newDocument('Site'), () => now);
    const path = 'content.JP.creatives.0.mainText';
    for (const t of ['H', 'He', 'Hel', 'Hell', 'Hello']) {
      now += 100;
      store.set(withText(t), { coalesce: path });
    }
    now += COALESCE_MS + 1;
    store.set(withText('Hello!'), { coalesce: path });
    now += 10;
    store.set((d) => ({ ...d, name: 'Renamed' }), { coalesce: 'name' });
    store.undo();
    expect(store.getDoc().name).toBe('Site');
    expect(text(store)).toBe('Hello!');
    store.undo();
    expect(text(store)).toBe('Hello');
    store.undo();
    expect(text(store)).toBe('');
    expect(store.getHistory().canUndo).toBe(false);
  });

  it('changes that are not edits leave no step, and dirty compares with the saved document', () => {
    const initial = newDocument('Site');
    const store = createEditorStore(initial);
    expect(store.isDirty()).toBe(false);
    store.set(withText('server'), { history: false });
    expect(store.getHistory().canUndo).toBe(false);
    expect(store.isDirty()).toBe(true);
    store.markSaved(store.getDoc(), store.getPages());
    expect(store.isDirty()).toBe(false);
    store.set(withText('mine'));
    expect(store.isDirty()).toBe(true);
    store.undo();
    expect(store.isDirty()).toBe(false);
  });

  it('tells subscribers of every change, keeps at most HISTORY_MAX steps, and ignores no-ops', () => {
    const store = createEditorStore(newDocument('Site'));
    let calls = 0;
    const stop = store.subscribe(() => calls++);
    store.set((d) => d);
    expect(calls).toBe(0);
    for (let i = 0; i < HISTORY_MAX + 20; i++) store.set(withText(String(i)));
    expect(calls).toBe(HISTORY_MAX + 20);
    let undone = 0;
    while (store.getHistory().canUndo) {
      store.undo();
      undone++;
    }
    expect(undone).toBe(HISTORY_MAX);
    stop();
    store.redo();
    expect(calls).toBe(HISTORY_MAX + 20 + HISTORY_MAX);
  });
  it("a save calls only what shows the saved state, not the document's readers", () => {
    const store = createEditorStore(newDocument('Site'));
    let docCalls = 0;
    let savedCalls = 0;
    store.subscribe(() => docCalls++);
    store.subscribeSaved(() => savedCalls++);
    store.set(withText('a'));
    expect([docCalls, savedCalls, store.isDirty()]).toEqual([1, 1, true]);
    store.markSaved(store.getDoc(), store.getPages());
    expect([docCalls, savedCalls, store.isDirty()]).toEqual([1, 2, false]);
    store.undo();
    expect([docCalls, savedCalls, store.isDirty()]).toEqual([2, 3, true]);
  });
});

describe('page renames for the save', () => {
  const origins = new Set(['A1', 'B1', 'C1']);

  it('composes moves: a swap then a move of the same page', () => {
    let map = composePages({}, { A1: 'B1', B1: 'A1' }, origins);
    expect(map).toEqual({ A1: 'B1', B1: 'A1' });
    map = composePages(map, { B1: 'C1', C1: 'B1' }, origins);
    expect(map).toEqual({ A1: 'C1', B1: 'A1', C1: 'B1' });
    // Moving everything back leaves nothing to report.
    map = composePages(map, { C1: 'A1', A1: 'B1', B1: 'C1' }, origins);
    expect(map).toEqual({});
  });

  it("removed pages stay removed, and new pages are nobody's origin", () => {
    let map = composePages({}, { C1: null }, origins);
    expect(map).toEqual({ C1: null });
    map = composePages(map, { D1: 'E1' }, origins);
    expect(map).toEqual({ C1: null });
  });

  it('the renames between two states name coordinates as saved and as now', () => {
    const saved = { A1: 'B1', B1: 'A1' };
    const now = { A1: 'C1', B1: 'A1', C1: null };
    expect(renamesBetween(saved, now, origins)).toEqual({ B1: 'C1', C1: null });
    expect(renamesBetween(now, now, origins)).toEqual({});
  });

  it('the store sends the renames since its last save, and undo takes a move back', () => {
    const doc = resizeGrid(newDocument('Site'), 1, 3);
    const store = createEditorStore(doc);
    store.set((d) => ({ ...d, name: 'moved' }), { renames: { A1: 'B1', B1: 'A1' } });
    expect(store.pendingRenames()).toEqual({ A1: 'B1', B1: 'A1' });
    store.markSaved(store.getDoc(), store.getPages());
    expect(store.pendingRenames()).toEqual({});
    store.undo();
    expect(store.pendingRenames()).toEqual({ B1: 'A1', A1: 'B1' });
    store.redo();
    expect(store.pendingRenames()).toEqual({});
  });
});
