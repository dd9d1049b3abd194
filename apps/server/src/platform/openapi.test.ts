import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toJsonSchema } from './openapi';

describe('OpenAPI from Zod', () => {
  it('names properties and required entries in snake_case, nested too', () => {
    const schema = z.object({ loginId: z.string(), user: z.object({ mustChangePassword: z.boolean() }) });
    const json = toJsonSchema(schema, 'input') as {
      properties: Record<string, { properties?: Record<string, unknown> }>;
      required: string[];
    };
    expect(Object.keys(json.properties)).toEqual(['login_id', 'user']);
    expect(json.required).toEqual(['login_id', 'user']);
    expect(Object.keys(json.properties.user!.properties!)).toEqual(['must_change_password']);
  });
});
