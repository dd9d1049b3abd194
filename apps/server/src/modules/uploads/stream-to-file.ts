import fs from 'node:fs';

/**
 * Writes a request body to a new file as it arrives (never holding more than a chunk or two in
 * memory) and resolves with its size once the file is closed. Past `maxBytes` it stops, deletes
 * the file and rejects with `tooLarge()`; the rest of the body is drained unread, so the client
 * still gets the answer instead of a reset connection. A body that breaks off rejects too.
 */
export function streamToFile(
  body: NodeJS.ReadableStream,
  file: string,
  opts: { maxBytes: number; tooLarge: () => Error },
): Promise<number> {
  return new Promise((resolve, reject) => {
    // 'wx': the name is fresh; a file already there is an error, never overwritten.
    const out = fs.createWriteStream(file, { flags: 'wx', mode: 0o600 });
    let size = 0;
    let done = false;
    let writeError: Error | null = null;
    const removeAndReject = (error: Error) =>
      fs.promises.rm(file, { force: true }).then(
        () => reject(error),
        () => reject(error),
      );
    const finish = (error?: Error) => {
      if (done) return;
      done = true;
      body.removeListener('data', onData);
      body.removeListener('end', onEnd);
      body.removeListener('close', onClose);
      out.removeListener('drain', onDrain);
      if (error) {
        body.resume();
        out.destroy();
      } else out.end();
      // Settled once the file is closed: a write that failed while closing still fails.
      out.once('close', () => {
        const failure = error ?? writeError;
        if (failure) void removeAndReject(failure);
        else resolve(size);
      });
    };
    const onData = (chunk: Buffer | string) => {
      size += chunk.length;
      if (size > opts.maxBytes) return finish(opts.tooLarge());
      // Backpressure: the disk sets the pace, not the client.
      if (!out.write(chunk)) body.pause();
    };
    const onDrain = () => body.resume();
    const onEnd = () => finish();
    const onClose = () => finish(new Error('upload broken off'));
    // Kept for good: a late error of either stream must not go unhandled.
    body.on('error', (error: Error) => finish(error));
    out.on('error', (error: Error) => {
      writeError ??= error;
      finish(error);
    });
    out.on('drain', onDrain);
    body.on('data', onData);
    body.once('end', onEnd);
    body.once('close', onClose);
  });
}
