import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

// Visitor ids and visit keys the server issues when a published page starts a visit
// (POST /api/end-user/events/visit). Experiments count only visits that carry a key of ours, so a
// beacon with a made-up visitor or visit id never moves a variation's results. Both are HMACs with
// a key derived from the JWT secret (its own label, like the URL signer's): checking one costs a
// hash and no query, and every process sharing the secret accepts the others' ids.

export interface TVisitKeys {
  /** A new visitor id: 16 random characters, then 16 of their signature (32, like the column). */
  newVisitor(): string;
  /** True when `id` is a visitor id this server issued. */
  isVisitor(id: string): boolean;
  /** The key of visit `visitId` of visitor `visitorId` on site `siteId` (22 characters). */
  visitKey(siteId: string, visitId: string, visitorId: string): string;
  /** True when `key` is the key of that visit, of that visitor, on that site. */
  verifyVisit(siteId: string, visitId: string, visitorId: string, key: string): boolean;
}

const RANDOM_BYTES = 12;
const VISITOR_MAC_BYTES = 12;
const VISIT_MAC_BYTES = 16;

/** Compared as text: base64 has several spellings of the same bytes, only ours is valid. */
const same = (given: string, expected: string) => {
  const a = Buffer.from(given, 'latin1');
  const b = Buffer.from(expected, 'latin1');
  return a.length === b.length && timingSafeEqual(a, b);
};

export function createVisitKeys(secret: string): TVisitKeys {
  const key = Buffer.from(hkdfSync('sha256', secret, 'swipe-lp', 'visit keys v1', 32));
  const mac = (text: string, bytes: number) =>
    createHmac('sha256', key).update(text).digest().subarray(0, bytes).toString('base64url');
  const visitorMac = (random: string) => mac(`visitor\n${random}`, VISITOR_MAC_BYTES);
  const visitKey = (siteId: string, visitId: string, visitorId: string) =>
    mac(`visit\n${siteId}\n${visitId}\n${visitorId}`, VISIT_MAC_BYTES);
  const randomLength = Math.ceil((RANDOM_BYTES * 4) / 3);
  return {
    newVisitor: () => {
      const random = randomBytes(RANDOM_BYTES).toString('base64url');
      return `${random}${visitorMac(random)}`;
    },
    isVisitor: (id) =>
      id.length === 32 && same(id.slice(randomLength), visitorMac(id.slice(0, randomLength))),
    visitKey,
    verifyVisit: (siteId, visitId, visitorId, given) => same(given, visitKey(siteId, visitId, visitorId)),
  };
}
