import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export type TConsoleShell = (req: FastifyRequest, reply: FastifyReply) => FastifyReply;

// The console's index.html answers every console route (single-page app). It is read and
// compressed once at start, so each answer is a memory write, not a disk read plus a deflate.
export function loadConsoleShell(consoleDist: string): TConsoleShell | null {
  const file = path.join(consoleDist, 'index.html');
  if (!fs.existsSync(file)) return null;
  const identity = fs.readFileSync(file);
  const preload = preloadLinks(identity.toString('utf8'));
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
    if (preload) reply.header('Link', preload);
    if (!encoding) return reply.send(identity);
    return reply.header('Content-Encoding', encoding).send(variants[encoding]);
  };
}

/**
 * The shell's scripts and stylesheets as a Link header, so that the browser starts fetching them
 * when the response headers arrive instead of once it parses the document. Same URLs and the same
 * CORS mode as the tags (Vite writes them with `crossorigin`), or the browser would fetch twice.
 */
export function preloadLinks(html: string): string | null {
  const links: string[] = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const url = /\s(?:src|href)="(\/[^"]+)"/.exec(tag)?.[1];
    if (!url || !/\scrossorigin\b/.test(tag)) continue;
    if (/^<script\b/.test(tag) && /\stype="module"/.test(tag))
      links.push(`<${url}>; rel=modulepreload; crossorigin`);
    else if (/\srel="modulepreload"/.test(tag)) links.push(`<${url}>; rel=modulepreload; crossorigin`);
    else if (/\srel="stylesheet"/.test(tag)) links.push(`<${url}>; rel=preload; as=style; crossorigin`);
  }
  return links.length ? links.join(', ') : null;
}

/**
 * Serves the built console: its files as they are on disk, and the shell for the routes the
 * caller sends it (null when there is no build). The build writes `.br` and `.gz` beside each
 * text file (apps/console/build-plugins/precompress.ts); they are sent as they are, so no asset
 * is compressed per request.
 */
export async function registerConsole(
  app: FastifyInstance,
  consoleDist: string,
): Promise<TConsoleShell | null> {
  const shell = loadConsoleShell(consoleDist);
  if (!shell) return null;
  await app.register(fastifyStatic, {
    root: consoleDist,
    wildcard: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    // The variants are reached through their original's URL only.
    globIgnore: ['**/*.br', '**/*.gz'],
    // Hashed assets never change; index.html must always be revalidated.
    setHeaders: (res, file) => {
      res.setHeader(
        'Cache-Control',
        file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      // Caches must key on the encoding: the same URL answers br, gzip or the file itself.
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });
  return shell;
}
