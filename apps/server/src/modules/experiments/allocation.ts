// The numbers of an experiment: how new visitors are split between its variations
// (fixed weights, or Thompson sampling on the goal's conversions), and its results (the conversion
// rate's 95 % interval and the probability of beating the base). Pure functions; the random
// source is a parameter so the simulation test can seed it.

export type TRandom = () => number;

/** A seeded random source (mulberry32): the same seed gives the same numbers. */
export function seededRandom(seed: number): TRandom {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A standard normal draw (Box-Muller). */
function normal(random: TRandom) {
  let u = 0;
  while (u === 0) u = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** A Gamma(shape, 1) draw (Marsaglia and Tsang; shape < 1 boosted). */
function gamma(shape: number, random: TRandom): number {
  if (shape < 1) return gamma(shape + 1, random) * random() ** (1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = normal(random);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = random();
    if (u < 1 - 0.0331 * x ** 4 || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}

/** A Beta(a, b) draw. */
export function betaDraw(a: number, b: number, random: TRandom) {
  const x = gamma(a, random);
  return x / (x + gamma(b, random));
}

export type TArm = { visitors: number; conversions: number };

/** Every automatic share stays at least this (a little traffic keeps reaching every variation). */
export const SHARE_FLOOR = 0.01;

/**
 * Thompson sampling's shares: each variation's probability of having the best conversion rate
 * under a Beta(1 + conversions, 1 + misses) belief, estimated from `draws` joint draws. Serving
 * new visitors by these shares is Thompson sampling done in batches (each visitor's choice is
 * one draw). Every share is at least `floor` (a little traffic keeps reaching every variation).
 */
export function thompsonShares(
  arms: readonly TArm[],
  opts: { random: TRandom; draws?: number; floor?: number },
): number[] {
  const draws = opts.draws ?? 4_000;
  const floor = opts.floor ?? 0;
  if (arms.length === 0) return [];
  const wins = new Array<number>(arms.length).fill(0);
  for (let i = 0; i < draws; i++) {
    let best = 0;
    let bestValue = -1;
    for (let j = 0; j < arms.length; j++) {
      const arm = arms[j]!;
      const value = betaDraw(
        1 + arm.conversions,
        1 + Math.max(0, arm.visitors - arm.conversions),
        opts.random,
      );
      if (value > bestValue) {
        bestValue = value;
        best = j;
      }
    }
    wins[best]! += 1;
  }
  const raw = wins.map((w) => w / draws);
  if (floor <= 0) return raw;
  // Lift what is under the floor, taking the difference from the others in proportion.
  const lifted = raw.map((s) => Math.max(s, floor));
  const excess = lifted.reduce((a, s) => a + s, 0) - 1;
  const above = raw.reduce((a, s) => a + (s > floor ? s - floor : 0), 0);
  return lifted.map((s, i) => (raw[i]! > floor && above > 0 ? s - (excess * (raw[i]! - floor)) / above : s));
}

/** Fixed weights as shares (all zero: equal shares). */
export function weightShares(weights: readonly number[]): number[] {
  const sum = weights.reduce((a, w) => a + Math.max(0, w), 0);
  return weights.map((w) => (sum > 0 ? Math.max(0, w) / sum : 1 / weights.length));
}

/** The index a uniform draw `r` in [0, 1) picks from shares (cumulative; the last takes the rest). */
export function pickByShares(shares: readonly number[], r: number) {
  let sum = 0;
  for (let i = 0; i < shares.length; i++) {
    sum += shares[i]!;
    if (r < sum) return i;
  }
  return shares.length - 1;
}

/** The 95 % Wilson score interval of a rate (0..1 both ends; [0, 0] without visitors). */
export function wilsonInterval(conversions: number, visitors: number): [number, number] {
  if (visitors <= 0) return [0, 0];
  const z = 1.959964;
  const p = conversions / visitors;
  const z2n = (z * z) / visitors;
  const centre = (p + z2n / 2) / (1 + z2n);
  const half = (z * Math.sqrt((p * (1 - p)) / visitors + z2n / (4 * visitors))) / (1 + z2n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** The standard normal distribution function (Abramowitz and Stegun 7.1.26 on erf). */
function normalCdf(x: number) {
  const t = 1 / (1 + (0.3275911 * Math.abs(x)) / Math.SQRT2);
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-(x * x) / 2);
  return x >= 0 ? 0.5 * (1 + y) : 0.5 * (1 - y);
}

/**
 * The probability that `arm`'s conversion rate is above `base`'s, under Beta(1 + conversions,
 * 1 + misses) beliefs of both, by the normal approximation of their difference (close for the
 * visitor counts an experiment reaches; 0.5 with no visitors on either side).
 */
export function probabilityToBeat(arm: TArm, base: TArm) {
  const moments = (a: TArm) => {
    const alpha = 1 + a.conversions;
    const beta = 1 + Math.max(0, a.visitors - a.conversions);
    const n = alpha + beta;
    return { mean: alpha / n, variance: (alpha * beta) / (n * n * (n + 1)) };
  };
  const x = moments(arm);
  const y = moments(base);
  return normalCdf((x.mean - y.mean) / Math.sqrt(x.variance + y.variance));
}
