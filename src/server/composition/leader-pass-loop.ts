import { retryDelayMs, type BackoffPolicy } from "@/server/domain/jobs/retry-backoff";
import type { Logger } from "@/server/observability/logger";
import type { LoopLeadership } from "./loop-leadership";
import { errorMessage } from "./periodic-pass";
import { startSerialLoop } from "./serial-loop";

export interface LeaderPassLoop {
  /** A pass soon, in any process (a cluster job just ended here); requests during a pass fold into one more. */
  requestPass(): void;
  stop(): Promise<void>;
}

/** After a failed pass (an apiserver blip, the database, the pass lock): 2 s, doubling, never later than the interval. */
export const passRetryBackoff = (intervalMs: number): BackoffPolicy => ({ baseMs: Math.min(2_000, intervalMs), factor: 2, maxMs: intervalMs, jitter: 0.2 });

/**
 * Runs `pass` every `intervalMs` on the leader only (one process converges, the others look again each interval and
 * take over when it goes), and whenever requestPass() is called in any process — the pass itself serialises processes
 * (its lock). A pass that fails as a whole is logged when its message differs from the last one's ("<what> pass
 * failed"), retried with backoff sooner than the interval, and its recovery logged once ("<what> passes work again").
 */
export function startLeaderPassLoop<Result>(options: {
  what: string;
  pass: () => Promise<Result>;
  intervalMs: number;
  log: Logger;
  leadership: LoopLeadership;
  onPass?: (result: Result | Error) => void;
}): LeaderPassLoop {
  let lastError: string | undefined;
  let failures = 0;
  const loop = startSerialLoop(async (trigger) => {
    try {
      if (trigger === "request" || (await options.leadership.leads())) {
        const result = await options.pass();
        if (lastError !== undefined) options.log.info(`${options.what} passes work again`);
        lastError = undefined;
        failures = 0;
        options.onPass?.(result);
      }
      return options.intervalMs;
    } catch (error) {
      const text = errorMessage(error);
      failures += 1;
      if (text !== lastError) options.log.warn(`${options.what} pass failed; retried at the next pass`, { error: text });
      lastError = text;
      options.onPass?.(error instanceof Error ? error : new Error(text));
      return retryDelayMs(failures, passRetryBackoff(options.intervalMs));
    }
  });
  return {
    requestPass: () => loop.requestPass(),
    async stop() {
      await loop.stop();
      await options.leadership.close();
    },
  };
}
