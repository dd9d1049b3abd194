// What no request may carry, whatever its route: a NUL character (PostgreSQL text cannot store
// it), nesting deeper than any of our documents, or a query parameter written as an object or
// an array (`status[$ne]=x`, `page[]=1`) that a scalar parameter would silently ignore.

/** Deeper than any document the product stores (a site document is about 8 levels). */
export const MAX_INPUT_DEPTH = 32;

export type TInputProblem = { problem: 'character' | 'depth' | 'shape'; field: string };

/** Parsed JSON, forms and queries (whatever their prototype); not a raw upload's bytes or stream. */
const isPlain = (v: object) =>
  Array.isArray(v) ||
  !(
    ArrayBuffer.isView(v) ||
    v instanceof ArrayBuffer ||
    typeof (v as { pipe?: unknown }).pipe === 'function'
  );

/**
 * Whether anything in `v` is a problem: the quick walk every request takes (no paths built;
 * recursion bounded by MAX_INPUT_DEPTH). Only a request that has one is walked again for its
 * field.
 */
function hasProblem(v: unknown, depth: number, query: boolean): boolean {
  if (typeof v === 'string') return v.includes('\u0000');
  if (v === null || typeof v !== 'object' || !isPlain(v)) return false;
  if (depth >= MAX_INPUT_DEPTH) return true;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (hasProblem(v[i], depth + 1, query)) return true;
    return false;
  }
  for (const key in v) {
    if (!Object.hasOwn(v, key)) continue;
    if (key.includes('\u0000') || (query && depth === 0 && /[[\]]/.test(key))) return true;
    if (hasProblem((v as Record<string, unknown>)[key], depth + 1, query)) return true;
  }
  return false;
}

/** The first problem of a parsed body (or query, or params), walked without recursion. */
export function inputProblem(value: unknown, opts: { query?: boolean } = {}): TInputProblem | null {
  if (!hasProblem(value, 0, opts.query ?? false)) return null;
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value: v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return { problem: 'character', field: path };
      continue;
    }
    // Parsed JSON, forms and queries are plain objects and arrays; a raw upload (a Buffer, a
    // stream) is the route's own to check.
    if (v === null || typeof v !== 'object' || !isPlain(v)) continue;
    if (depth >= MAX_INPUT_DEPTH) return { problem: 'depth', field: path };
    for (const [key, child] of Object.entries(v)) {
      const field = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return { problem: 'character', field: path };
      if (opts.query && depth === 0 && /[[\]]/.test(key)) return { problem: 'shape', field: key };
      stack.push({ value: child, path: field, depth: depth + 1 });
    }
  }
  return null;
}
