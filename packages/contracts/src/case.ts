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

function convertKeys(value: Json, convert: (key: string) => string): Json {
  if (Array.isArray(value)) return value.map((v) => convertKeys(v, convert));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[convert(k)] = convertKeys(v, convert);
  return out;
}

export const keysToCamel = <T = unknown>(value: unknown): T => convertKeys(value, snakeToCamel) as T;
export const keysToSnake = <T = unknown>(value: unknown): T => convertKeys(value, camelToSnake) as T;
