import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

// Uploaded HEIC photos become JPEG with `heic-convert` (libheif compiled to WebAssembly: the
// bundled libvips of sharp reads AVIF but not HEVC). The conversion is synchronous WebAssembly
// that takes seconds for a 12-megapixel photo, so it runs in a worker thread, never on the
// event loop that answers every other request.

const HEIC_CONVERT = createRequire(import.meta.url).resolve('heic-convert');
const TIMEOUT_MS = 120_000;

// CommonJS evaluated in the worker: convert the bytes it is given and post the JPEG back.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
require(workerData.module)({ buffer: workerData.input, format: 'JPEG', quality: 0.92 })
  .then((jpeg) => parentPort.postMessage(jpeg));
`;

/** The HEIC photo's primary image as a JPEG; rejects when the bytes cannot be decoded. */
export function heicToJpeg(input: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { module: HEIC_CONVERT, input },
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    });
    let settled = false;
    const finish = (error: Error | null, jpeg?: Uint8Array) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (error) reject(error);
      else resolve(Buffer.from(jpeg!.buffer, jpeg!.byteOffset, jpeg!.byteLength));
    };
    const timer = setTimeout(() => finish(new Error('HEIC conversion timed out')), TIMEOUT_MS);
    worker.once('message', (jpeg: Uint8Array) => finish(null, jpeg));
    worker.once('error', (error) => finish(error));
    worker.once('exit', (code) => finish(new Error(`HEIC conversion stopped (exit ${code})`)));
  });
}
