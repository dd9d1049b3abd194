import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

// The console's index.html answers every console route (single-page app). It is read and
// compressed once at start, so each answer is a memory write, not a disk read plus a deflate.
export function loadConsoleShell(consoleDist: string) {
  const file = path.join(consoleDist, 'index.html');
  if (!fs.existsSync(file)) return null;
  const identity = fs.readFileSync(file);
  const variants = {
    br: zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: zlib.gzipSync(identity, { level: 9 }),
  };
  return (req: FastifyRequest, reply: FastifyReply) => {
    const accept = req.headers['accept-encoding'] ?? '';
    const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
    reply
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding')
      .type('text/html; charset=utf-8');
    if (!encoding) return reply.send(identity);
    return reply.header('Content-Encoding', encoding).send(variants[encoding]);
  };
}
