// The one conversion between the wire (snake_case) and code (camelCase), used by the server
// at its edge and by the console's API client.

type Json = unknown;

// Fastify parses query strings into objects whose prototype has no prototype (not
// Object.prototype): those are plain too. Dates and class instances are not.
const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === null || Object.getPrototypeOf(proto) === null;
};

export const snakeToCamel = (key: string): string =>
  key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Upper-case keys are enum values used as keys ('JP', 'CONTACT_SETTING'): they stay as they are. */
const ENUM_KEY = /^[A-Z][A-Z0-9_]*$/;

export const camelToSnake = (key: string): string =>
  ENUM_KEY.test(key) ? key : key.replace(/([A-Z])/g, (c) => `_${c.toLowerCase()}`);

/**
 * A key conversion that remembers its answers: a request's keys are the same few names again and
 * again (a beacon of 50 events converts the same six). Bounded, since keys come from the wire.
 */
function remembered(convert: (key: string) => string) {
  const known = new Map<string, string>();
  return (key: string) => {
    let out = known.get(key);
    if (out === undefined) {
      out = convert(key);
      if (known.size >= 5_000) known.clear();
      known.set(key, out);
    }
    return out;
  };
}
const toCamel = remembered(snakeToCamel);
const toSnake = remembered(camelToSnake);

function convertKeys(value: Json, convert: (key: string) => string): Json {
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) out[i] = convertKeys(value[i], convert);
    return out;
  }
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const k in value) if (Object.hasOwn(value, k)) out[convert(k)] = convertKeys(value[k], convert);
  return out;
}

export const keysToCamel = <T = unknown>(value: unknown): T => convertKeys(value, toCamel) as T;
export const keysToSnake = <T = unknown>(value: unknown): T => convertKeys(value, toSnake) as T;
