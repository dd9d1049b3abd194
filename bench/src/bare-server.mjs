import http from 'node:http';

// The baseline of the serving budget: a bare node:http server in a process of its own, answering
// from memory the status, headers and bytes the bench gives it over IPC (the product's own answer).
// Plain JavaScript with no loader, so nothing but node:http runs here.

let answer = null;
const server = http.createServer((req, res) => {
  if (!answer) {
    res.writeHead(503).end();
    return;
  }
  res.writeHead(answer.status, answer.headers);
  res.end(req.method === 'HEAD' ? undefined : answer.body);
});

process.on('message', (msg) => {
  if (msg?.type !== 'answer') return;
  answer = { status: msg.status, headers: msg.headers, body: Buffer.from(msg.body, 'base64') };
  // The same keep-alive timeout as the product's answer names, so the headers match to the byte.
  server.keepAliveTimeout = msg.keepAliveMs;
  process.send({ type: 'ready' });
});
process.on('disconnect', () => process.exit(0));

server.listen(0, '127.0.0.1', () => process.send({ type: 'listening', port: server.address().port }));
