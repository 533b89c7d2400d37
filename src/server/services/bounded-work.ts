/**
 * Passes that visit every cluster (metrics, the managed ingress re-check) bound their work so that one stuck cluster
 * cannot stall the pass: at most `limit` at once, each within a time limit.
 */

/** Runs `work` over `items`, at most `limit` at a time. */
export async function forEachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), queue.length) }, worker));
}

/** `promise`, or a rejection with "no answer within <ms> ms" when it takes longer. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
