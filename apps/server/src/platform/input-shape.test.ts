import { describe, expect, it } from 'vitest';
import { inputProblem, MAX_INPUT_DEPTH } from './input-shape';

describe('inputProblem', () => {
  it('accepts ordinary bodies and queries', () => {
    expect(
      inputProblem({ name: 'さくら', tags: ['a', 'b'], nested: { n: 1, ok: true, none: null } }),
    ).toBeNull();
    expect(inputProblem({ page: '2', status: ['A', 'B'] }, { query: true })).toBeNull();
  });

  it('finds a NUL character in a value or a key, at any depth', () => {
    expect(inputProblem({ login_id: 'a\u0000b' })).toEqual({ problem: 'character', field: 'login_id' });
    expect(inputProblem({ data: { answers: [{ text: 'ok' }, { text: 'x\u0000' }] } })).toEqual({
      problem: 'character',
      field: 'data.answers.1.text',
    });
    expect(inputProblem({ data: { 'k\u0000': 1 } })).toEqual({ problem: 'character', field: 'data' });
  });

  it('refuses nesting deeper than any document, without a stack overflow at 100,000 levels', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(inputProblem(deep)?.problem).toBe('depth');
    let fine: unknown = 'leaf';
    for (let i = 0; i < MAX_INPUT_DEPTH - 1; i++) fine = { a: fine };
    expect(inputProblem(fine)).toBeNull();
  });

  it('leaves raw uploads alone: a Buffer or a stream is not walked', async () => {
    const { PassThrough } = await import('node:stream');
    expect(inputProblem(Buffer.alloc(10_000_000))).toBeNull();
    expect(inputProblem({ stream: new PassThrough() })).toBeNull();
  });

  it('refuses query parameters written as objects or arrays', () => {
    expect(inputProblem({ 'status[$ne]': 'x' }, { query: true })).toEqual({
      problem: 'shape',
      field: 'status[$ne]',
    });
    expect(inputProblem({ 'page[]': '1' }, { query: true })).toEqual({ problem: 'shape', field: 'page[]' });
    // In a JSON body a key may hold brackets (it is data, not a parameter).
    expect(inputProblem({ 'page[]': '1' })).toBeNull();
  });
});
