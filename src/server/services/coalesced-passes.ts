/**
 * "Sync now" passes started from request paths (a hostname binding created, a setting saved), per key —
 * one per process, e.g. its database client or its deps object: one pass running and at most one queued,
 * which every later request joins. A burst of changes thus costs at most two passes, and none of them
 * waits in the request. A failing pass resolves to null after `onError`; the periodic loop retries.
 */
export class CoalescedPasses<R> {
  private readonly slots = new WeakMap<object, { running: Promise<R | null> | null; queued: Promise<R | null> | null }>();

  request(key: object, run: () => Promise<R>, onError: (error: unknown) => void): Promise<R | null> {
    let slot = this.slots.get(key);
    if (!slot) {
      slot = { running: null, queued: null };
      this.slots.set(key, slot);
    }
    const s = slot;
    if (s.queued) return s.queued;
    const start = (): Promise<R | null> => {
      const pass: Promise<R | null> = run()
        .catch((error: unknown) => {
          onError(error);
          return null;
        })
        .finally(() => {
          if (s.running === pass) s.running = null;
        });
      s.running = pass;
      return pass;
    };
    if (!s.running) return start();
    s.queued = s.running.then(() => {
      s.queued = null;
      return start();
    });
    return s.queued;
  }
}
