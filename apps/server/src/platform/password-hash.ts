import argon2 from 'argon2';

// argon2id with the OWASP minimum (19 MiB, t=2, p=1). Hashing is memory-hard on purpose, so the
// number running at once is capped: a login burst queues instead of exhausting memory.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const MAX_CONCURRENT = 4;
// Bulk work (a CSV import hashing a first password per row) may use only part of the slots and
// always yields to sign-ins waiting, so a 1,000-row import never queues people signing in.
const MAX_BULK = 2;

let running = 0;
let runningBulk = 0;
const waiting: (() => void)[] = [];
const waitingBulk: (() => void)[] = [];

const take = (bulk: boolean) => {
  running++;
  if (bulk) runningBulk++;
};

const canStart = (bulk: boolean) =>
  running < MAX_CONCURRENT && (!bulk || (runningBulk < MAX_BULK && waiting.length === 0));

/** Hands freed slots to waiters, interactive ones first; the slot is counted before they resume. */
function dispatch() {
  while (running < MAX_CONCURRENT) {
    if (waiting.length > 0) {
      take(false);
      waiting.shift()!();
    } else if (waitingBulk.length > 0 && runningBulk < MAX_BULK) {
      take(true);
      waitingBulk.shift()!();
    } else return;
  }
}

async function withSlot<T>(fn: () => Promise<T>, bulk = false): Promise<T> {
  if (canStart(bulk)) take(bulk);
  else await new Promise<void>((resolve) => (bulk ? waitingBulk : waiting).push(resolve));
  try {
    return await fn();
  } finally {
    running--;
    if (bulk) runningBulk--;
    dispatch();
  }
}

/** `bulk` for many hashes at once (imports): they run at lower priority than sign-ins. */
export const hashPassword = (password: string, opts: { bulk?: boolean } = {}) =>
  withSlot(() => argon2.hash(password, OPTIONS), opts.bulk);

/** How many hashes run now (for tests). */
export const hashSlotsInUse = () => ({ running, runningBulk });

let verifications = 0;
/** How many verifications have run in this process (for tests of what caches them). */
export const verificationCount = () => verifications;

export const verifyPassword = (hash: string, password: string) =>
  withSlot(async () => {
    verifications++;
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
