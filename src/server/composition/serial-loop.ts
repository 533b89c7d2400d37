/** Why a pass of a serial loop runs: its timer, or a requestPass() since the last pass began. */
export type PassTrigger = "timer" | "request";

export interface SerialLoop {
  /** A pass soon; requests while one runs fold into one more pass right after it. */
  requestPass(): void;
  /** No pass starts after this; waits for the one in progress. */
  stop(): Promise<void>;
}

/**
 * The scheduling every background loop with "a pass every so often, and now when asked" shares (the
 * control-plane edge, DNS automation, the workload edge): a first pass at once, never two at a time,
 * requests during a pass folded into one more pass after it, otherwise the delay the pass returns
 * (the interval, or a backoff after a failure). `pass` must not throw: it reports its own failures and
 * says when to run next.
 */
export function startSerialLoop(pass: (trigger: PassTrigger) => Promise<number>): SerialLoop {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let requested = false;
  let stopped = false;
  const schedule = (ms: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, ms);
    timer.unref?.();
  };
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    const trigger: PassTrigger = requested ? "request" : "timer";
    requested = false;
    running = (async () => {
      const nextMs = await pass(trigger);
      running = null;
      if (again) {
        again = false;
        schedule(0);
      } else schedule(nextMs);
    })();
  };
  schedule(0);
  return {
    requestPass() {
      requested = true;
      if (running) again = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
