/** Waits `ms`, or rejects when `signal` aborts (the job is being cancelled), so a polling step stops at once. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason instanceof Error ? signal.reason : new Error("cancelled"));
    }, { once: true });
  });
}
