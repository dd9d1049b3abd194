import { camelToSnake } from '@swipe/contracts/case';
import { z } from 'zod';

// OpenAPI 3 from the Zod contracts, with property names as they are on the wire (snake_case).

type TJson = Record<string, unknown>;

function snakeProperties(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(snakeProperties);
  if (!node || typeof node !== 'object') return node;
  const out: TJson = {};
  for (const [k, v] of Object.entries(node as TJson)) {
    if (k === 'properties' && v && typeof v === 'object') {
      out[k] = Object.fromEntries(
        Object.entries(v as TJson).map(([p, s]) => [camelToSnake(p), snakeProperties(s)]),
      );
    } else if (k === 'required' && Array.isArray(v)) {
      out[k] = v.map((p) => (typeof p === 'string' ? camelToSnake(p) : p));
    } else out[k] = snakeProperties(v);
  }
  return out;
}

const isZod = (v: unknown): v is z.ZodType => !!v && typeof v === 'object' && '_zod' in v;

export function toJsonSchema(schema: unknown, io: 'input' | 'output') {
  if (!isZod(schema)) return schema;
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as TJson;
  delete json.$schema;
  return snakeProperties(json);
}

export function openApiTransform({ schema, url }: { schema: Record<string, unknown>; url: string }) {
  if (!schema) return { schema, url };
  const out: Record<string, unknown> = { ...schema };
  for (const part of ['body', 'querystring', 'params'] as const) {
    if (schema[part]) out[part] = toJsonSchema(schema[part], 'input');
  }
  if (schema.response && typeof schema.response === 'object') {
    out.response = Object.fromEntries(
      Object.entries(schema.response as TJson).map(([code, s]) => [code, toJsonSchema(s, 'output')]),
    );
  }
  return { schema: out, url };
}
