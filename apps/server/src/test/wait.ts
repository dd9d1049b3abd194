import net, { type AddressInfo } from 'node:net';

/** A TCP port free on loopback right now (for a server process a test starts). */
export async function freePort() {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

/** Polls until `check` holds; answers the milliseconds it took, or throws after `ms`. */
export async function within(ms: number, check: () => Promise<boolean>, everyMs = 10) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return Date.now() - started;
}
