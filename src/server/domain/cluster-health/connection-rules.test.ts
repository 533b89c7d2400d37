import { describe, expect, it } from "vitest";
import { decideConnection, notificationOf, type ReadinessOutcome } from "./connection-rules";

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
const DEBOUNCE_MS = 90_000;
const down: ReadinessOutcome = { ok: false, error: "https://10.0.0.1:443 did not answer within 5 s" };
const up: ReadinessOutcome = { ok: true };

describe("decideConnection", () => {
  it("a first failure of a connected cluster starts the failure run but changes nothing yet", () => {
    expect(decideConnection({ status: "connected", failingSince: null }, down, at(0), DEBOUNCE_MS)).toEqual({
      memory: { checkedAt: at(0), failingSince: at(0), lastError: down.ok ? null : down.error },
      transition: null,
    });
  });

  it("keeps the start of the run while failures go on, and turns unreachable once they lasted the debounce", () => {
    const stored = { status: "connected" as const, failingSince: at(0) };
    const before = decideConnection(stored, down, at(89), DEBOUNCE_MS);
    expect(before.memory.failingSince).toEqual(at(0));
    expect(before.transition).toBeNull();
    const after = decideConnection(stored, down, at(90), DEBOUNCE_MS);
    expect(after.memory).toMatchObject({ checkedAt: at(90), failingSince: at(0) });
    expect(after.transition).toEqual({ from: "connected", to: "unreachable", reason: "https://10.0.0.1:443 did not answer within 5 s (failing for 90 s)" });
  });

  it("a success in between restarts the debounce", () => {
    const recovered = decideConnection({ status: "connected", failingSince: at(0) }, up, at(60), DEBOUNCE_MS);
    expect(recovered).toEqual({ memory: { checkedAt: at(60), failingSince: null, lastError: null }, transition: null });
    expect(decideConnection({ status: "connected", failingSince: recovered.memory.failingSince }, down, at(120), DEBOUNCE_MS).transition).toBeNull();
  });

  it("with no debounce the first failure is enough", () => {
    expect(decideConnection({ status: "connected", failingSince: null }, down, at(0), 0).transition?.to).toBe("unreachable");
  });

  it("an unreachable cluster stays so while failing (no second transition) and recovers on the first success", () => {
    expect(decideConnection({ status: "unreachable", failingSince: at(0) }, down, at(500), DEBOUNCE_MS).transition).toBeNull();
    expect(decideConnection({ status: "unreachable", failingSince: at(0) }, up, at(510), DEBOUNCE_MS).transition).toEqual({ from: "unreachable", to: "connected", reason: "/readyz answered ok" });
  });

  it("unknown (after a public access change) becomes connected on a success, unreachable after the debounce", () => {
    expect(decideConnection({ status: "unknown", failingSince: null }, up, at(0), DEBOUNCE_MS).transition).toMatchObject({ from: "unknown", to: "connected" });
    expect(decideConnection({ status: "unknown", failingSince: at(0) }, down, at(90), DEBOUNCE_MS).transition).toMatchObject({ from: "unknown", to: "unreachable" });
  });

  it("disabled (public access off) is the user's choice: only the memory is written", () => {
    expect(decideConnection({ status: "disabled", failingSince: null }, up, at(0), DEBOUNCE_MS)).toEqual({ memory: { checkedAt: at(0), failingSince: null, lastError: null }, transition: null });
    const failing = decideConnection({ status: "disabled", failingSince: at(0) }, down, at(900), DEBOUNCE_MS);
    expect(failing.transition).toBeNull();
    expect(failing.memory).toMatchObject({ failingSince: at(0), lastError: expect.stringContaining("did not answer") });
  });
});

describe("notificationOf", () => {
  it("names the lost control plane and its return, not a first connection", () => {
    expect(notificationOf({ from: "connected", to: "unreachable", reason: "" })).toBe("cluster.unreachable");
    expect(notificationOf({ from: "unknown", to: "unreachable", reason: "" })).toBe("cluster.unreachable");
    expect(notificationOf({ from: "unreachable", to: "connected", reason: "" })).toBe("cluster.recovered");
    expect(notificationOf({ from: "unknown", to: "connected", reason: "" })).toBeNull();
  });
});
