import { describe, expect, it } from "vitest";
import { isDnsRecovered } from "./managed-dns-display";

describe("isDnsRecovered", () => {
  it("holds when the last successful sync is later than the last failure", () => {
    expect(isDnsRecovered({ lastSyncedAt: "2026-12-01T10:05:00.000Z", lastErrorAt: "2026-12-01T10:00:00.000Z" })).toBe(true);
  });

  it("does not hold while the failure is the latest event, or at the same instant", () => {
    expect(isDnsRecovered({ lastSyncedAt: "2026-12-01T10:00:00.000Z", lastErrorAt: "2026-12-01T10:05:00.000Z" })).toBe(false);
    expect(isDnsRecovered({ lastSyncedAt: "2026-12-01T10:00:00.000Z", lastErrorAt: "2026-12-01T10:00:00.000Z" })).toBe(false);
  });

  it("needs both times: never failed, or never synced, is not a recovery", () => {
    expect(isDnsRecovered({ lastSyncedAt: "2026-12-01T10:00:00.000Z", lastErrorAt: null })).toBe(false);
    expect(isDnsRecovered({ lastSyncedAt: null, lastErrorAt: "2026-12-01T10:00:00.000Z" })).toBe(false);
    expect(isDnsRecovered({ lastSyncedAt: null, lastErrorAt: null })).toBe(false);
  });

  it("compares instants, not strings (offsets differ)", () => {
    // 10:30+02:00 is 08:30Z, earlier than the failure at 09:00Z although it sorts later as text.
    expect(isDnsRecovered({ lastSyncedAt: "2026-12-01T10:30:00+02:00", lastErrorAt: "2026-12-01T09:00:00Z" })).toBe(false);
    expect(isDnsRecovered({ lastSyncedAt: "not a time", lastErrorAt: "2026-12-01T09:00:00Z" })).toBe(false);
  });
});
