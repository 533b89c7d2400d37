/**
 * Runs `run` now and then every `intervalMs`, never two passes at once (a pass still running when
 * the next is due is not doubled), failures handed to `onError` so the loop keeps going. The stop
 * function aborts the signal the pass sees, stops the timer and waits for a pass in progress.
 */
export function startPeriodicPass(opts: { intervalMs: number; run: (signal: AbortSignal) => Promise<unknown>; onError: (error: unknown) => void }): () => Promise<void> {
  const stopping = new AbortController();
  let running: Promise<unknown> | null = null;
  const pass = () => {
    running ??= opts
      .run(stopping.signal)
      .catch(opts.onError)
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(pass, opts.intervalMs);
  timer.unref?.();
  pass();
  return async () => {
    stopping.abort();
    clearInterval(timer);
    await running;
  };
}

export const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));
