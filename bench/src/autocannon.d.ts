// autocannon ships no types; this declares only the part the bench uses.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface Options {
    url: string;
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    pipelining?: number;
    /** Requests per second of each connection at most. */
    connectionRate?: number;
    /** Seconds. */
    duration?: number;
    /** Seconds before a request counts as a timeout. */
    timeout?: number;
    /** Per-request changes; `setupRequest` may rewrite the body of each request. */
    requests?: {
      setupRequest?: (req: { body?: string; path?: string }) => { body?: string; path?: string };
    }[];
  }

  export interface Result {
    /** Seconds. */
    duration: number;
    errors: number;
    timeouts: number;
    resets: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
    requests: { total: number; sent: number; average: number };
  }

  export interface Instance extends EventEmitter {
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, resBytes: number, responseTimeMs: number) => void,
    ): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
    stop(): void;
  }

  function autocannon(opts: Options, done: (err: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
