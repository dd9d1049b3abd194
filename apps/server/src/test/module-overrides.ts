import type { TAppContext } from '../platform/context';
import type { TUsageCounter, TUsageCounterName } from '../platform/plan-access';

/** Replaces one usage counter of a running test app; returns the function that puts it back. */
export function overrideUsageCounter(ctx: TAppContext, name: TUsageCounterName, fn: TUsageCounter) {
  const counters = ctx.modules.usageCounters;
  const previous = counters[name];
  counters[name] = fn;
  return () => {
    if (previous) counters[name] = previous;
    else delete counters[name];
  };
}
