/**
 * Limits for passes that call out to many clusters (metrics collection, control-plane health, the managed ingress
 * re-check): one slow or dead cluster must neither hold up the others nor stall the pass.
 */

/** Runs `work` over `items`, at most `limit` at a time. */
export async function forEachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), queue.length) }, worker));
}

/** `promise`, or a rejection "no answer within <ms> ms" after `ms` (the work itself is not cancelled: give it a signal where it takes one). */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
