import { describe, expect, it } from "vitest";
import { dnsSyncTask } from "./dns-sync.task";
import type { DnsSyncResult } from "./sync-managed-dns";

const result = (over: Partial<DnsSyncResult>): DnsSyncResult => ({ status: "synced", created: 0, updated: 0, deleted: 0, failures: 0, transient: false, retryAfterSeconds: undefined, ...over });

describe("dnsSyncTask", () => {
  it("asks for an early retry only after transient failures, no sooner than the provider's Retry-After", () => {
    expect(dnsSyncTask.retry?.(result({}))).toBeUndefined();
    // A rejected token will not heal by retrying sooner: the interval.
    expect(dnsSyncTask.retry?.(result({ status: "error", failures: 2, transient: false }))).toBeUndefined();
    expect(dnsSyncTask.retry?.(result({ status: "error", failures: 1, transient: true }))).toMatchObject({ afterMs: 0 });
    expect(dnsSyncTask.retry?.(result({ status: "error", failures: 1, transient: true, retryAfterSeconds: 90 }))).toMatchObject({ afterMs: 90_000 });
  });

  it("backs off from 5 s to at most 10 minutes whatever the interval", () => {
    expect(dnsSyncTask.backoff?.(60_000)).toMatchObject({ baseMs: 5_000, maxMs: 600_000 });
  });
});
