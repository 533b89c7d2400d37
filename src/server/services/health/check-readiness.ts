export type ReadinessProbe = () => Promise<void>;

export interface ReadinessReport {
  status: "ok" | "unavailable";
  checks: Record<string, { status: "ok" | "error"; duration_ms: number; error?: string }>;
}

const TIMEOUT_MS = 3_000;

/** Runs every dependency probe in parallel with a timeout; ready only when all pass. */
export async function checkReadiness(probes: Record<string, ReadinessProbe>): Promise<ReadinessReport> {
  const entries = await Promise.all(
    Object.entries(probes).map(async ([name, probe]) => {
      const started = performance.now();
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          probe(),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
          }),
        ]);
        return [name, { status: "ok" as const, duration_ms: Math.round(performance.now() - started) }] as const;
      } catch (error) {
        return [name, { status: "error" as const, duration_ms: Math.round(performance.now() - started), error: (error as Error).message }] as const;
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  const checks = Object.fromEntries(entries);
  return { status: entries.every(([, c]) => c.status === "ok") ? "ok" : "unavailable", checks };
}
