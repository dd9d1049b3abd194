/// <reference lib="webworker" />
import { checkDocumentOffThread, type TCheckRequest } from './document-check-core';

// The editor's document checked and serialized off the main thread: the rule check of a 100-page
// site in four languages and its JSON take long enough at a phone-class CPU to be felt while
// typing. Answers { id, issues, json } (see document-check.ts).

self.onmessage = (event: MessageEvent<TCheckRequest>) => {
  self.postMessage(checkDocumentOffThread(event.data));
};
