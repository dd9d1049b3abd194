import type { TUiLanguage } from '@swipe/contracts/i18n';
import type { TSiteDocument } from '@swipe/contracts/sites';
import { checkDocumentOffThread, type TCheckAnswer } from './document-check-core';
import { errorsFromIssues, rememberErrors } from './editor-state';

// The editor's check of its document, in a worker: the rules (ZSiteDocument) and the JSON a save
// sends are computed there, so neither is in the way of typing. One answer per document (they
// are immutable), shared by the check after the last keystroke and the autosave that follows.
// Where no worker can run (tests, a worker that fails to start), the same runs here.

export type TDocumentCheck = { errors: Record<string, string>; json: Blob };

type TWaiting = { doc: TSiteDocument; resolve: (answer: TCheckAnswer) => void };

const answers = new WeakMap<TSiteDocument, Promise<TCheckAnswer>>();
const waiting = new Map<number, TWaiting>();
let worker: Worker | null | undefined;
let seq = 0;

function startWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    const started = new Worker(new URL('./document-worker.ts', import.meta.url), { type: 'module' });
    started.onmessage = (event: MessageEvent<TCheckAnswer>) => {
      waiting.get(event.data.id)?.resolve(event.data);
      waiting.delete(event.data.id);
    };
    started.onerror = () => {
      // It could not start or it failed: what waits is answered here, and so is what follows.
      worker = null;
      started.terminate();
      for (const [id, w] of waiting) w.resolve(checkDocumentOffThread({ id, doc: w.doc }));
      waiting.clear();
    };
    return started;
  } catch {
    return null;
  }
}

function answerOf(doc: TSiteDocument): Promise<TCheckAnswer> {
  let answer = answers.get(doc);
  if (answer) return answer;
  if (worker === undefined) worker = startWorker();
  const id = ++seq;
  const current = worker;
  answer = current
    ? new Promise<TCheckAnswer>((resolve) => {
        waiting.set(id, { doc, resolve });
        current.postMessage({ id, doc });
      })
    : Promise.resolve(checkDocumentOffThread({ id, doc }));
  answers.set(doc, answer);
  return answer;
}

/** The document's rule violations in the UI language, and its JSON for a save. */
export async function checkDocument(doc: TSiteDocument, lang: TUiLanguage): Promise<TDocumentCheck> {
  const { issues, json } = await answerOf(doc);
  const errors = errorsFromIssues(issues, lang);
  rememberErrors(doc, lang, errors);
  return { errors, json };
}
