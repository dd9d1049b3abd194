import { keysToSnake } from '@swipe/contracts/case';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../app/catalogue';
import { checkDocument } from './document-check';
import { addLanguage, documentErrors, newDocument, setIn } from './editor-state';

beforeAll(() => loadCatalogue());

// Node has no Worker: the same check runs on this thread, as in a browser whose worker fails.
describe('the document check off the typing path', () => {
  it('finds what documentErrors finds, worded in the UI language, and the JSON a save sends', async () => {
    let doc = addLanguage(newDocument('Spring'), 'EN');
    doc = setIn(doc, ['content', 'EN', 'creatives', 0, 'mainText'], 'x'.repeat(121));
    doc = setIn(doc, ['contactRecipient'], 'not an email');
    const { errors, json } = await checkDocument(doc, 'en');
    expect(Object.keys(errors)).toEqual(
      expect.arrayContaining(['content.EN.creatives.0.mainText', 'contactRecipient']),
    );
    expect(errors).toEqual(documentErrors(structuredClone(doc), 'en'));
    expect(errors.contactRecipient).not.toBe(documentErrors(structuredClone(doc), 'ja').contactRecipient);
    const text = await json.text();
    expect(JSON.parse(text)).toEqual(keysToSnake(doc));
    expect(text).toContain('"main_text"');
  });

  it('answers a document once: the autosave reuses the check made after the last change', async () => {
    const doc = newDocument('Spring');
    const first = await checkDocument(doc, 'en');
    expect((await checkDocument(doc, 'en')).json).toBe(first.json);
    expect(first.errors).toEqual({});
  });
});
