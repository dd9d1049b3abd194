import {
  POPUP_KINDS,
  type TSiteDocument,
  ZSiteDocumentShape,
  ZStoredSiteDocument,
} from '@swipe/contracts/sites';

// The one place a stored site document (a draft or the published version) becomes the typed
// document. Every write went through ZSiteDocument, so the usual case is a quick look at what
// every reader relies on (visitor requests come through here); anything else gets the full parse.

const TOP_LEVEL_FIELDS = Object.keys(ZSiteDocumentShape.shape);

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Popup CTAs with their per-language texts (older ones held one image and button text). */
const currentPopups = (ctas: unknown) =>
  isRecord(ctas) &&
  POPUP_KINDS.every((kind) => {
    const cta = ctas[kind];
    return isRecord(cta) && isRecord(cta.texts) && !('image' in cta) && !('linkButtonText' in cta);
  });

/**
 * Every top-level field, the default language among the languages, content for each of them,
 * popup CTAs in their current shape.
 */
function looksComplete(stored: unknown): stored is TSiteDocument {
  if (!isRecord(stored) || !TOP_LEVEL_FIELDS.every((f) => f in stored)) return false;
  const { languages, defaultLanguage, content, popupCtas } = stored;
  return (
    Array.isArray(languages) &&
    languages.includes(defaultLanguage) &&
    isRecord(content) &&
    languages.every((lang) => isRecord(content[lang])) &&
    currentPopups(popupCtas)
  );
}

/**
 * The typed document of a stored one: as it is (no copy) when it passes the quick look, else
 * upgraded from an older shape and parsed by the document's shape (ZStoredSiteDocument), which
 * fills the defaults of fields added since it was saved and throws for a document that is not one.
 */
export function storedSiteDocument(stored: unknown): TSiteDocument {
  return looksComplete(stored) ? stored : ZStoredSiteDocument.parse(stored);
}
