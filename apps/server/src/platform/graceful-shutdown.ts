import type http from 'node:http';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';

// A restart resets no request: the server stops accepting connections, lets the requests it has
// begun finish and answers the last one on each kept-alive connection with `Connection: close`.
// An idle kept-alive connection is closed once idle for `idleLingerMs`: a client answered on it a
// moment ago may be sending its next request, which is answered where a closed socket resets it.

type TConnection = { active: number; idleSince: number; timer?: NodeJS.Timeout };

export type TGracefulClose = {
  /** Drains HTTP (see above) for at most `drainTimeoutMs`; gracefulClose then closes the app (its onClose hooks). */
  close(): Promise<void>;
};

/**
 * Tracks the connections of `app.server` from now on (call it before listening) and answers how
 * to close the app gracefully. Both paths of a response are covered: Fastify's and the page
 * cache's, which answers from the node:http handler before Fastify (app.ts serverFactory).
 */
export function gracefulClose(
  app: FastifyInstance,
  opts: { idleLingerMs?: number; drainTimeoutMs?: number } = {},
): TGracefulClose {
  const drain = drainServer(app.server, opts);
  let closed: Promise<void> | undefined;
  return {
    close: () => {
      // Nothing left to drain (or past the budget: Fastify closes what remains).
      closed ??= drain.close().then(() => app.close());
      return closed;
    },
  };
}

/**
 * The same for any node:http server (the page edge's): `close` resolves once it accepts nothing
 * and every request begun has been answered, or after `drainTimeoutMs`. Until then it costs one
 * listener per connection and nothing per request: which requests are under way is read from
 * the connections when closing begins, and only later requests are followed one by one.
 */
export function drainServer(
  server: http.Server,
  opts: { idleLingerMs?: number; drainTimeoutMs?: number } = {},
): TGracefulClose {
  const idleLingerMs = opts.idleLingerMs ?? 1_000;
  const drainTimeoutMs = opts.drainTimeoutMs ?? 20_000;
  const sockets = new Set<net.Socket>();
  /** Once closing: each connection's requests under way and since when it is idle. */
  const connections = new Map<net.Socket, TConnection>();
  const followed = new WeakSet<http.ServerResponse>();
  let closing = false;
  let closed: Promise<void> | undefined;

  const closeWhenIdle = (socket: net.Socket) => {
    const state = connections.get(socket);
    if (!state || state.active > 0 || state.timer) return;
    state.timer = setTimeout(
      () =>
        // After the next poll of the sockets: a request already received is read (and answered)
        // first, even when the event loop was busy when the timer came due.
        setImmediate(() => {
          state.timer = undefined;
          followCurrent(socket);
          if (state.active > 0) return;
          if (Date.now() - state.idleSince >= idleLingerMs) socket.destroy();
          else closeWhenIdle(socket);
        }),
      Math.max(0, state.idleSince + idleLingerMs - Date.now()),
    );
  };

  /** Follows `res` on its connection: the last answer on it says `Connection: close`. */
  const follow = (socket: net.Socket, res: http.ServerResponse) => {
    const state = connections.get(socket);
    if (!state || followed.has(res)) return;
    followed.add(res);
    state.active++;
    clearTimeout(state.timer);
    state.timer = undefined;
    if (!res.headersSent) res.setHeader('connection', 'close');
    res.once('close', () => {
      state.active--;
      state.idleSince = Date.now();
      // A request pipelined behind this one is answered next: node:http has given it the socket.
      followCurrent(socket);
      closeWhenIdle(socket);
    });
  };
  /** node:http names the answer a connection is writing (or about to) on the socket. */
  const followCurrent = (socket: net.Socket) => {
    const current = (socket as net.Socket & { _httpMessage?: http.ServerResponse | null })._httpMessage;
    if (current) follow(socket, current);
  };

  const track = (socket: net.Socket) => {
    connections.set(socket, { active: 0, idleSince: Date.now() });
    socket.once('close', () => {
      clearTimeout(connections.get(socket)?.timer);
      connections.delete(socket);
    });
  };

  server.on('connection', (socket: net.Socket) => {
    if (closing) return track(socket);
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  const drainThenClose = async () => {
    closing = true;
    // Before every other listener, the page cache's and Fastify's.
    server.prependListener('request', (req: http.IncomingMessage, res: http.ServerResponse) =>
      follow(req.socket, res),
    );
    for (const socket of sockets) {
      track(socket);
      followCurrent(socket);
    }
    sockets.clear();
    const drained = new Promise<void>((resolve) => {
      // http.Server#close would also destroy every idle connection at once, resetting a request
      // a client is sending on one right now; net.Server#close only stops accepting.
      if (server.listening) net.Server.prototype.close.call(server, () => resolve());
      else resolve();
    });
    for (const socket of connections.keys()) closeWhenIdle(socket);
    let timer: NodeJS.Timeout | undefined;
    const budget = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, drainTimeoutMs);
    });
    await Promise.race([drained, budget]);
    clearTimeout(timer);
  };
  return {
    close: () => {
      closed ??= drainThenClose();
      return closed;
    },
  };
}
