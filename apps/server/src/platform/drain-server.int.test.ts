import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { drainServer } from './graceful-shutdown';

// A drain with a request pipelined behind another on one connection (what the page edge's
// server may get from a proxy): node:http emits both requests at once and answers the second
// only when the first is done, so a drain that counted only the answer under way would find the
// connection idle between the two and close it under the second.

let server: http.Server | undefined;
afterEach(() => server?.close());

describe('draining a server', () => {
  it('answers a request pipelined behind the one under way, the last with Connection: close', async () => {
    let firstStarted!: () => void;
    const started = new Promise<void>((resolve) => {
      firstStarted = resolve;
    });
    server = http.createServer((req, res) => {
      if (req.url === '/first') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('first ');
        firstStarted();
        setTimeout(() => res.end('done'), 150);
      } else setTimeout(() => res.end('second done'), 400);
    });
    const drain = drainServer(server, { idleLingerMs: 50 });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;

    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      received += chunk;
    });
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write('GET /first HTTP/1.1\r\nHost: x\r\n\r\nGET /second HTTP/1.1\r\nHost: x\r\n\r\n');
    await started;
    await drain.close();
    await ended;

    expect(received.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(2);
    expect(received).toContain('second done');
    const second = received.slice(received.lastIndexOf('HTTP/1.1 200'));
    expect(second.toLowerCase()).toContain('connection: close');
  });
});
