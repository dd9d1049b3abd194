// The embedded database (PGlite, PostgreSQL compiled to WASM) on a thread of its own. A query
// keeps the thread that runs it busy until it ends, so on the server's main thread one long
// report would stall every visitor; here it stalls only this thread. The main thread talks to it
// through pglite-client.ts, which documents the messages.
//
// Plain JavaScript: a worker thread starts without the TypeScript loader the server runs under
// (on Node 20 tsx's hooks do not reach worker threads), and this file needs nothing else.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** The fields of PostgreSQL's error report that PGlite's DatabaseError carries. */
const ERROR_FIELDS = [
  'length',
  'severity',
  'code',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'file',
  'line',
  'routine',
];

/** An error as plain data (an Error loses its own fields when posted). */
function serializeError(error) {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields = {};
  for (const key of ERROR_FIELDS) if (error[key] !== undefined) fields[key] = error[key];
  return {
    name: error.name,
    message: error.message,
    stack: error.stack,
    fields,
    query: typeof error.query === 'string' ? error.query : undefined,
    params: Array.isArray(error.params) ? error.params : undefined,
  };
}

const identity = (value) => value;
const rawParsers = new Map();
/**
 * The caller's own parsers are functions, which cannot be posted: the columns of those types are
 * left as PostgreSQL's text here, and the caller applies its functions to them.
 */
function parsersLeavingRaw(oids) {
  if (!oids || oids.length === 0) return undefined;
  const key = oids.join(',');
  let parsers = rawParsers.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(oids.map((oid) => [oid, identity]));
    rawParsers.set(key, parsers);
  }
  return parsers;
}

/**
 * What PGlite reads at /dev/blob: the posted bytes themselves (it asks only for their
 * arrayBuffer), not a Blob, which would copy them once more.
 */
const blobOf = (bytes) => ({
  arrayBuffer: async () =>
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
      ? bytes.buffer
      : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
});

const { dataDir, loadDataDir, wasmModule, nice } = workerData;

// A lower CPU priority for this thread alone (on Linux a thread has a nice value of its own):
// when the cores are all busy, the main thread, which serves every visitor, is given them first
// and a report waits instead. Elsewhere the thread keeps the process's priority.
if (nice) {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), nice);
  } catch {
    // No /proc/thread-self: not Linux.
  }
}
let pg;
try {
  pg = new PGlite(dataDir, {
    ...(loadDataDir ? { loadDataDir } : {}),
    ...(wasmModule ? { wasmModule } : {}),
  });
  await pg.waitReady;
} catch (error) {
  parentPort.postMessage({ op: 'failed', error: serializeError(error) });
  process.exit(1);
}

/** Open transactions by id: their PGlite handle and how to end them. */
const transactions = new Map();
/** LISTENs by subscription id: the function that stops each. */
const listens = new Map();
let nextTransaction = 1;
const ROLLBACK = Symbol('rollback');

const reply = (id, result, transfer) => parentPort.postMessage({ id, ok: true, result }, transfer);
const fail = (id, error) => parentPort.postMessage({ id, ok: false, error: serializeError(error) });

/** The handle a statement runs on: its transaction's, or the database's (which waits for any open transaction to end). */
function target(tx) {
  if (tx === undefined) return pg;
  const open = transactions.get(tx);
  if (!open) throw new Error('Transaction is closed');
  return open.handle;
}

function begin(id) {
  const txId = nextTransaction++;
  let end;
  const ended = new Promise((resolve, reject) => {
    end = { resolve, reject };
  });
  let begun = false;
  const done = pg.transaction(async (handle) => {
    transactions.set(txId, { handle, end, done });
    begun = true;
    reply(id, txId);
    await ended;
  });
  done.then(
    () => transactions.delete(txId),
    (error) => {
      transactions.delete(txId);
      if (!begun) fail(id, error);
    },
  );
}

async function finish(id, txId, commit) {
  const open = transactions.get(txId);
  if (!open) return fail(id, new Error('Transaction is closed'));
  if (commit) open.end.resolve();
  else open.end.reject(ROLLBACK);
  try {
    await open.done;
    reply(id, null);
  } catch (error) {
    if (error === ROLLBACK) reply(id, null);
    else fail(id, error);
  }
}

async function handle(message) {
  const { id, op } = message;
  try {
    switch (op) {
      case 'query': {
        const { rowMode, paramTypes } = message.options ?? {};
        const result = await target(message.tx).query(message.sql, message.params, {
          ...(rowMode ? { rowMode } : {}),
          ...(paramTypes ? { paramTypes } : {}),
          ...(message.raw ? { parsers: parsersLeavingRaw(message.raw) } : {}),
        });
        return reply(id, { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows });
      }
      case 'exec': {
        const results = await target(message.tx).exec(message.sql);
        return reply(
          id,
          results.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows })),
        );
      }
      case 'begin':
        return begin(id);
      case 'end':
        return await finish(id, message.tx, message.commit);
      case 'listen': {
        const stop = await pg.listen(message.channel, (payload) =>
          parentPort.postMessage({ op: 'notice', sub: message.sub, payload }),
        );
        listens.set(message.sub, stop);
        return reply(id, null);
      }
      case 'unlisten': {
        const stop = listens.get(message.sub);
        listens.delete(message.sub);
        await stop?.();
        return reply(id, null);
      }
      case 'copyFrom': {
        // COPY from the bytes, then the statements that go with them, all or nothing.
        const copied = await pg.transaction(async (tx) => {
          const result = await tx.query(message.sql, [], { blob: blobOf(message.data) });
          for (const statement of message.after ?? []) await tx.query(statement.sql, statement.params);
          return result.affectedRows ?? 0;
        });
        return reply(id, copied);
      }
      case 'copyTo': {
        const result = await pg.query(message.sql);
        const bytes = new Uint8Array(result.blob ? await result.blob.arrayBuffer() : new ArrayBuffer(0));
        return reply(id, bytes, [bytes.buffer]);
      }
      case 'dump': {
        const dump = await pg.dumpDataDir('none');
        const bytes = new Uint8Array(await dump.arrayBuffer());
        return reply(id, bytes, [bytes.buffer]);
      }
      case 'close': {
        await pg.close();
        reply(id, null);
        parentPort.close();
        return;
      }
      default:
        throw new Error(`unknown database operation ${op}`);
    }
  } catch (error) {
    fail(id, error);
  }
}

parentPort.on('message', (message) => void handle(message));
parentPort.postMessage({ op: 'ready' });
