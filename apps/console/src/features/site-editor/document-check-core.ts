import { keysToSnake } from '@swipe/contracts/case';
import { type TSiteDocument, ZSiteDocument } from '@swipe/contracts/sites';

// What the document worker does, also run on the main thread where there is no worker (tests):
// the document's rule violations as plain issues (worded later, in the UI language, by the main
// thread, which holds the message catalogue) and the document as the wire's JSON (snake_case), in
// a Blob: it goes to the main thread and into the request by reference, never copied there.

export type TCheckRequest = { id: number; doc: TSiteDocument };
export type TPlainIssue = {
  code: string;
  path: (string | number)[];
  message: string;
  params?: Record<string, string | number>;
  minimum?: number;
  maximum?: number;
};
export type TCheckAnswer = { id: number; issues: TPlainIssue[]; json: Blob };

export function checkDocumentOffThread({ id, doc }: TCheckRequest): TCheckAnswer {
  const result = ZSiteDocument.safeParse(doc);
  const issues: TPlainIssue[] = result.success
    ? []
    : result.error.issues.map((issue) => {
        const raw = issue as typeof issue & {
          params?: Record<string, string | number>;
          minimum?: unknown;
          maximum?: unknown;
        };
        return {
          code: issue.code,
          path: issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
          message: issue.message,
          ...(raw.params ? { params: raw.params } : {}),
          ...(typeof raw.minimum === 'number' || typeof raw.minimum === 'bigint'
            ? { minimum: Number(raw.minimum) }
            : {}),
          ...(typeof raw.maximum === 'number' || typeof raw.maximum === 'bigint'
            ? { maximum: Number(raw.maximum) }
            : {}),
        };
      });
  const json = new Blob([JSON.stringify(keysToSnake(doc))], { type: 'application/json' });
  return { id, issues, json };
}
