/**
 * Time as the scheduler sees it: the real clock in processes, a fake one in its unit tests. This file and the
 * scheduler are the only places in src/server that schedule recurring work with timers (an ESLint rule says so).
 */
export interface TaskClock {
  now(): number;
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

export const systemTaskClock: TaskClock = {
  now: () => Date.now(),
  setTimer(callback, ms) {
    const timer = setTimeout(callback, Math.max(0, ms));
    // A pending pass never keeps a stopping process alive: stop() is what ends the work.
    timer.unref();
    return timer;
  },
  clearTimer: (handle) => clearTimeout(handle as NodeJS.Timeout),
};
