/**
 * Wake-ups carry only a job id and only make a runner look sooner. They may
 * be lost or duplicated: the database row decides whether and by whom a job
 * runs, and polling finds every job a lost wake-up would have announced.
 */
export type WakeupHandler = (jobId: string) => Promise<void>;

export interface WakeupSubscription {
  /** Stops delivering new wake-ups to the handler. */
  unsubscribe(): Promise<void>;
}

export interface JobWakeups {
  /** Rejects when the wake-up could not be handed over; callers treat that as harmless. */
  publish(jobId: string): Promise<void>;
  /** The handler settles once it has leased (and started) the job or decided to skip it. */
  subscribe(handler: WakeupHandler): Promise<WakeupSubscription>;
  close(): Promise<void>;
}
