import { describe, expect, it } from 'vitest';
import { COALESCE_MS, createDocStore } from './doc-store';

type TDraft = { name: string; items: number[] };

describe('the editors’ document store', () => {
  it('a run of edits with one key is one step until a pause, another key or a save', () => {
    let now = 0;
    const store = createDocStore<TDraft>({ name: '', items: [] }, { clock: () => now });
    for (const name of ['W', 'Wi', 'Win']) {
      now += 50;
      store.set((d) => ({ ...d, name }), { coalesce: 'name' });
    }
    store.markSaved(store.getDoc());
    now += 50;
    store.set((d) => ({ ...d, name: 'Wint' }), { coalesce: 'name' });
    now += COALESCE_MS;
    store.set((d) => ({ ...d, name: 'Winter' }), { coalesce: 'name' });
    store.undo();
    expect(store.getDoc().name).toBe('Wint');
    store.undo();
    expect(store.getDoc().name).toBe('Win');
    store.undo();
    expect(store.getDoc().name).toBe('');
    expect(store.getHistory()).toEqual({ canUndo: false, canRedo: true });
  });

  it('is dirty while the document saves differently from the saved one', () => {
    const same = (a: TDraft, b: TDraft) => a.name.trim() === b.name.trim();
    const store = createDocStore<TDraft>({ name: 'A', items: [] }, { sameSaved: same });
    const heard: boolean[] = [];
    store.subscribeSaved(() => heard.push(store.isDirty()));
    store.set((d) => ({ ...d, name: 'A ' }));
    expect(store.isDirty()).toBe(false);
    store.set((d) => ({ ...d, name: 'B' }));
    expect(store.isDirty()).toBe(true);
    store.markSaved(store.getDoc());
    expect(store.isDirty()).toBe(false);
    store.undo();
    expect(store.isDirty()).toBe(true);
    expect(heard).toEqual([false, true, false, true]);
  });

  it('keeps a side value with every state: an edit that changes it is a step of its own', () => {
    let now = 0;
    const store = createDocStore<TDraft, number>({ name: '', items: [] }, { meta: 0, clock: () => now });
    store.set((d) => ({ ...d, items: [1] }), { coalesce: 'items' });
    now += 10;
    store.set((d) => ({ ...d, items: [1, 2] }), { coalesce: 'items', meta: (m) => m + 1 });
    expect(store.getMeta()).toBe(1);
    store.markSaved(store.getDoc(), store.getMeta());
    store.undo();
    expect(store.getDoc().items).toEqual([1]);
    expect(store.getMeta()).toBe(0);
    expect(store.getSavedMeta()).toBe(1);
    store.redo();
    expect(store.getMeta()).toBe(1);
  });
});
