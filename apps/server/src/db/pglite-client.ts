import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { messages, PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

// The embedded database runs on a worker thread (pglite-worker.js) in the product, so a long
// query never holds up the server's main thread, or on the calling thread itself (a test's
// choice). Either way the server sees the same things: a client with the part of PGlite's API
// that drizzle-orm/pglite uses (query with rowMode and parsers, exec, transaction) plus LISTEN,
// and the few things only the embedded database does (COPY from and to bytes, a dump of the
// data directory).
//
// The messages to the worker, each with an `id` its answer repeats ({ id, ok, result | error }):
//   query { sql, params, options: { rowMode, paramTypes }, raw: OIDs left as text, tx? }
//   exec { sql, tx? }                       begin {} -> transaction id
//   end { tx, commit }                      COMMIT or ROLLBACK of that transaction
//   listen { channel, sub } / unlisten { sub }   and from the worker: notice { sub, payload }
//   copyFrom { sql, data, after }           copyTo { sql } -> bytes     dump {} -> bytes     close {}
// A statement with `tx` runs in that open transaction; one without waits, inside PGlite, until
// no transaction is open, exactly as on the calling thread: nothing interleaves with a transaction.

export type TStatement = { sql: string; params: unknown[] };

/** What only the embedded database does, on the worker or on this thread alike. */
export interface TEmbeddedDatabase {
  /** Where PGlite runs: on a worker thread (the product) or on the calling thread. */
  where: 'worker' | 'thread';
  /**
   * `COPY <table> FROM '/dev/blob'` of `data`, then the `after` statements, in one transaction.
   * Answers the rows copied.
   */
  copyFrom(copySql: string, data: string | Uint8Array<ArrayBuffer>, after?: TStatement[]): Promise<number>;
  /** `COPY (...) TO '/dev/blob'`: the bytes it wrote. */
  copyTo(copySql: string): Promise<Uint8Array<ArrayBuffer>>;
  /** A tar of the data directory, to start another database from (`loadDataDir`). */
  dumpDataDir(): Promise<Blob>;
}

/** One open transaction, as drizzle-orm/pglite uses it. */
export type TPgliteTransaction = {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
};

/** The part of PGlite's client the server uses (drizzle-orm/pglite calls query and transaction). */
export type TPgliteClient = {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  transaction<T>(fn: (tx: TPgliteTransaction) => Promise<T>): Promise<T>;
};

export type TEmbeddedPglite = TEmbeddedDatabase & {
  client: TPgliteClient;
  /** LISTENs on `channel`; answers the function that stops. */
  listen(channel: string, onNotice: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export type TPgliteOptions = {
  dataDir: string;
  loadDataDir?: Blob;
  /** Worker only: the thread's nice value (0-19; Linux), to leave the CPU to the main thread first. */
  nice?: number;
  /** Worker only: told when the thread stops or fails other than by `close` (every later call fails). */
  onLost?: (error: Error) => void;
};

/** PGlite on the calling thread: every query holds this thread until it ends. */
export async function openPgliteInThread(opts: TPgliteOptions): Promise<TEmbeddedPglite> {
  const pg = new PGlite(opts.dataDir, opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  await pg.waitReady;
  return {
    where: 'thread',
    client: pg as unknown as TPgliteClient,
    listen: (channel, onNotice) => pg.listen(channel, onNotice),
    copyFrom: (copySql, data, after = []) =>
      pg.transaction(async (tx) => {
        const copied = await tx.query(copySql, [], { blob: new Blob([data]) });
        for (const statement of after) await tx.query(statement.sql, statement.params);
        return copied.affectedRows ?? 0;
      }),
    copyTo: async (copySql) => {
      const result = await pg.query(copySql);
      return new Uint8Array(result.blob ? await result.blob.arrayBuffer() : new ArrayBuffer(0));
    },
    dumpDataDir: () => pg.dumpDataDir('none'),
    close: () => pg.close(),
  };
}

type TSerializedError = {
  name: string;
  message: string;
  fields: Record<string, unknown>;
  query?: string;
  params?: unknown[];
};
type TFromWorker =
  | { op: 'ready' }
  | { op: 'failed'; error: TSerializedError }
  | { op: 'notice'; sub: number; payload: string }
  | { op?: undefined; id: number; ok: true; result: unknown }
  | { op?: undefined; id: number; ok: false; error: TSerializedError };

/**
 * The worker's error as this thread's: PGlite's DatabaseError with PostgreSQL's fields (code,
 * constraint, detail...) when the database reported it, so callers read `code` as before.
 */
function toError(e: TSerializedError): Error {
  const error: Error =
    typeof e.fields.code === 'string'
      ? new messages.DatabaseError(e.message, Number(e.fields.length ?? 0), 'error')
      : new Error(e.message);
  Object.assign(error, e.fields);
  if (e.query !== undefined) Object.assign(error, { query: e.query, params: e.params });
  if (!(error instanceof messages.DatabaseError)) error.name = e.name;
  return error;
}

/**
 * The caller's parsers (functions, which cannot be posted) on the columns the worker left as
 * text. drizzle-orm/pglite's keep dates, timestamps, intervals and numeric arrays as strings.
 */
function applyParsers(result: Results, parsers: NonNullable<QueryOptions['parsers']>, arrays: boolean) {
  result.fields.forEach((field, index) => {
    // PGlite calls a parser with the value and its type.
    const parse = parsers[field.dataTypeID] as ((value: string, typeId: number) => unknown) | undefined;
    if (!parse) return;
    for (const row of result.rows as unknown[]) {
      if (arrays) {
        const values = row as unknown[];
        if (values[index] !== null) values[index] = parse(values[index] as string, field.dataTypeID);
      } else {
        const record = row as Record<string, unknown>;
        if (record[field.name] !== null)
          record[field.name] = parse(record[field.name] as string, field.dataTypeID);
      }
    }
  });
}

/** The compiled WASM of PGlite, once per process: each worker instantiates it without compiling again. */
let compiled: Promise<WebAssembly.Module> | undefined;
const pgliteWasm = () => {
  compiled ??= (async () => {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    return WebAssembly.compile(await fs.readFile(path.join(path.dirname(entry), 'pglite.wasm')));
  })();
  return compiled;
};

/**
 * A database nobody closed (a test that forgot) would keep its thread and its WASM memory for
 * the life of the process: once its client is unreachable, its thread is stopped.
 */
const unclosed = new FinalizationRegistry<Worker>((worker) => void worker.terminate());

/** PGlite on a worker thread of its own; this thread only posts statements and reads answers. */
export async function openPgliteWorker(opts: TPgliteOptions): Promise<TEmbeddedPglite> {
  const worker = new Worker(new URL('./pglite-worker.js', import.meta.url), {
    // No loader, no flags of the server's: the worker is plain JavaScript.
    execArgv: [],
    workerData: {
      dataDir: opts.dataDir,
      loadDataDir: opts.loadDataDir,
      wasmModule: await pgliteWasm(),
      nice: opts.nice ?? 0,
    },
  });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const notices = new Map<number, (payload: string) => void>();
  let nextId = 1;
  let nextSub = 1;
  let lost: Error | null = null;
  let closing = false;

  const ready = new Promise<void>((resolve, reject) => {
    const onMessage = (message: TFromWorker) => {
      if (message.op === 'ready') resolve();
      else if (message.op === 'failed') reject(toError(message.error));
      else return;
      worker.off('message', onMessage);
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
    worker.once('exit', (code) =>
      reject(new Error(`the database worker exited while starting (code ${code})`)),
    );
  });
  const lose = (error: Error) => {
    if (!lost && !closing) opts.onLost?.(error);
    lost ??= error;
    for (const call of pending.values()) call.reject(lost);
    pending.clear();
  };
  worker.on('error', (error) => {
    console.error('database: the embedded database worker failed', error);
    lose(error);
  });
  worker.on('exit', (code) =>
    lose(new Error(closing ? 'PGlite is closed' : `the database worker has stopped (code ${code})`)),
  );
  worker.on('message', (message: TFromWorker) => {
    if (message.op === 'notice') return notices.get(message.sub)?.(message.payload);
    if (message.op !== undefined) return;
    const call = pending.get(message.id);
    if (!call) return;
    pending.delete(message.id);
    // Like a socket: the thread keeps the process alive only while an answer is awaited.
    if (pending.size === 0) worker.unref();
    if (message.ok) call.resolve(message.result);
    else call.reject(toError(message.error));
  });
  await ready;
  worker.unref();

  const call = <T>(message: Record<string, unknown>, transfer: ArrayBuffer[] = []) =>
    new Promise<T>((resolve, reject) => {
      if (lost) return reject(lost);
      const id = nextId++;
      // Posting first: a value that cannot be posted (a function) throws here, nothing left pending.
      worker.postMessage({ ...message, id }, transfer);
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    });

  const query = async <T>(sql: string, params: unknown[] = [], options: QueryOptions = {}, tx?: number) => {
    if (options.blob || options.serializers)
      throw new Error('the embedded database worker takes no blob or serializers: use copyFrom');
    const parsers = options.parsers;
    const result = await call<Results<T>>({
      op: 'query',
      sql,
      params,
      options: { rowMode: options.rowMode, paramTypes: options.paramTypes },
      raw: parsers ? Object.keys(parsers).map(Number) : undefined,
      tx,
    });
    if (parsers && result.rows.length > 0)
      applyParsers(result as Results, parsers, options.rowMode === 'array');
    return result;
  };
  const exec = (sql: string, tx?: number) => call<Results[]>({ op: 'exec', sql, tx });

  const client: TPgliteClient = {
    query: (sql, params, options) => query(sql, params, options),
    exec: (sql) => exec(sql),
    async transaction(fn) {
      const id = await call<number>({ op: 'begin' });
      let closed = false;
      const end = (commit: boolean) => {
        closed = true;
        return call<null>({ op: 'end', tx: id, commit });
      };
      const tx: TPgliteTransaction = {
        query: (sql, params, options) => query(sql, params, options, id),
        exec: (sql) => exec(sql, id),
        rollback: async () => {
          await end(false);
        },
        get closed() {
          return closed;
        },
      };
      let result: Awaited<ReturnType<typeof fn>>;
      try {
        result = await fn(tx);
      } catch (error) {
        if (!closed) await end(false).catch(() => {});
        throw error;
      }
      if (!closed) await end(true);
      return result;
    },
  };

  unclosed.register(client, worker, client);
  return {
    where: 'worker',
    client,
    listen: async (channel, onNotice) => {
      const sub = nextSub++;
      notices.set(sub, onNotice);
      try {
        await call({ op: 'listen', channel, sub });
      } catch (error) {
        notices.delete(sub);
        throw error;
      }
      return async () => {
        notices.delete(sub);
        if (!lost) await call({ op: 'unlisten', sub });
      };
    },
    copyFrom: (copySql, data, after = []) => {
      // The bytes move to the worker (transferred, not copied); a caller's own array stays its own.
      const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data.slice();
      return call<number>({ op: 'copyFrom', sql: copySql, data: bytes, after }, [bytes.buffer]);
    },
    copyTo: (copySql) => call<Uint8Array<ArrayBuffer>>({ op: 'copyTo', sql: copySql }),
    dumpDataDir: async () => new Blob([await call<Uint8Array<ArrayBuffer>>({ op: 'dump' })]),
    async close() {
      if (lost) return;
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      await call({ op: 'close' });
      closing = true;
      unclosed.unregister(client);
      // The worker ends once PGlite has closed; should anything keep it, it is stopped.
      const stop = setTimeout(() => void worker.terminate(), 5_000);
      await exited;
      clearTimeout(stop);
    },
  };
}
