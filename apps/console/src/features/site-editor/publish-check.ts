import { publishRefusals } from '@swipe/contracts/site-check';
import { checkPublishable, type TSiteDocument, type TSiteLanguage } from '@swipe/contracts/sites';

// What the publish confirmation says before publishing: the server refuses to publish while a
// language has no creative image on any of its pages (checkPublishable's 'sites.imageRequired').
// The same rule is asked here, so the dialog and the server cannot disagree.

/** The languages (in the document's order) none of whose pages has an image yet. */
export function emptyLanguages(doc: TSiteDocument): TSiteLanguage[] {
  return checkPublishable(doc)
    .filter((issue) => issue.message === 'sites.imageRequired')
    .map((issue) => issue.path[1] as TSiteLanguage);
}

/** Whether the server would refuse to publish: any error of the pre-publish check (site-check.ts). */
export const publishBlocked = (doc: TSiteDocument): boolean => publishRefusals(doc).length > 0;
