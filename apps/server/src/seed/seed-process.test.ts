import { describe, expect, it } from 'vitest';
import { loaderFlags } from './seed-process';

describe('loaderFlags', () => {
  it('keeps how modules load, with their values in either spelling', () => {
    expect(loaderFlags(['--import', 'tsx'])).toEqual(['--import', 'tsx']);
    expect(loaderFlags(['--import=tsx', '-r', './hook.cjs', '--conditions=dev'])).toEqual([
      '--import=tsx',
      '-r',
      './hook.cjs',
      '--conditions=dev',
    ]);
    expect(loaderFlags(['--experimental-loader', 'ts-node/esm'])).toEqual([
      '--experimental-loader',
      'ts-node/esm',
    ]);
  });

  it('drops what watches, debugs or profiles (npm run dev, --inspect, the bench)', () => {
    expect(
      loaderFlags([
        '--watch',
        '--import',
        'tsx',
        '--inspect=0.0.0.0:9229',
        '--cpu-prof',
        '--cpu-prof-dir',
        '/tmp/prof',
        '--heapsnapshot-signal=SIGUSR2',
      ]),
    ).toEqual(['--import', 'tsx']);
  });

  it('ignores a loader flag that lost its value', () => {
    expect(loaderFlags(['--import'])).toEqual([]);
  });
});
