import type { TBodyParser } from './route';

/**
 * A body parser that reads the raw upload into a Buffer, refusing more than `maxBytes` with the
 * caller's own error. Past the limit it stops collecting but lets the rest drain, so the client
 * still gets the error response instead of a reset connection.
 */
export function readLimitedBody(maxBytes: number, tooLarge: () => Error): TBodyParser {
  return (req, payload) =>
    new Promise((resolve, reject) => {
      const declared = Number(req.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        payload.resume();
        reject(tooLarge());
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      const cleanup = () => {
        payload.removeListener('data', onData);
        payload.removeListener('end', onEnd);
        payload.removeListener('error', onError);
      };
      const onData = (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          cleanup();
          payload.resume();
          reject(tooLarge());
          return;
        }
        chunks.push(chunk);
      };
      const onEnd = () => {
        cleanup();
        resolve(Buffer.concat(chunks));
      };
      const onError = (error: Error) => {
        cleanup();
        reject(error);
      };
      payload.on('data', onData);
      payload.on('end', onEnd);
      payload.on('error', onError);
    });
}
