import argon2 from 'argon2';

// argon2id with the OWASP minimum (19 MiB, t=2, p=1). Hashing is memory-hard on purpose, so the
// number running at once is capped: a login burst queues instead of exhausting memory.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const MAX_CONCURRENT = 4;

let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await fn();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export const hashPassword = (password: string) => withSlot(() => argon2.hash(password, OPTIONS));

export const verifyPassword = (hash: string, password: string) =>
  withSlot(async () => {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  });

// Verified against when the login id is unknown, so both answers take the same time.
let dummyHash: Promise<string> | undefined;
export const verifyAgainstDummy = async (password: string) => {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
};
