import { describe, expect, it } from 'vitest';
import { keysToCamel, keysToSnake } from './case';

describe('key case conversion', () => {
  it('converts nested objects and arrays both ways', () => {
    const wire = { access_token: 'a', user: { must_change_password: true, list_items: [{ page_id: 1 }] } };
    const code = keysToCamel(wire);
    expect(code).toEqual({
      accessToken: 'a',
      user: { mustChangePassword: true, listItems: [{ pageId: 1 }] },
    });
    expect(keysToSnake(code)).toEqual(wire);
  });
  it('converts objects without a prototype (how Fastify parses query strings)', () => {
    function Empty() {}
    Empty.prototype = Object.create(null);
    const query = Object.assign(new (Empty as unknown as new () => object)(), { page_size: '3' });
    expect(keysToCamel(query)).toEqual({ pageSize: '3' });
    expect(keysToCamel(Object.assign(Object.create(null), { sort_by: 'email' }))).toEqual({
      sortBy: 'email',
    });
  });
  it('leaves values, dates and nulls alone', () => {
    const d = new Date(0);
    expect(keysToSnake({ createdAt: d, someValue: 'camelCase', nothing: null })).toEqual({
      created_at: d,
      some_value: 'camelCase',
      nothing: null,
    });
  });

  it('leaves enum-valued keys alone in both directions', () => {
    const code = { content: { JP: { forms: { CONTACT_SETTING: [{ typeInput: 'TEXT_BOX' }] } } } };
    const wire = keysToSnake(code);
    expect(wire).toEqual({ content: { JP: { forms: { CONTACT_SETTING: [{ type_input: 'TEXT_BOX' }] } } } });
    expect(keysToCamel(wire)).toEqual(code);
  });
});
