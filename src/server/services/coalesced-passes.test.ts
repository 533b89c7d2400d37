import { describe, expect, it } from "vitest";
import { CoalescedPasses } from "./coalesced-passes";

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe("CoalescedPasses", () => {
  it("runs one pass at a time per key, with at most one queued that every later request joins", async () => {
    const passes = new CoalescedPasses<number>();
    const key = {};
    const first = gate();
    let runs = 0;
    const run = async () => {
      runs += 1;
      if (runs === 1) await first.opened;
      return runs;
    };
    const a = passes.request(key, run, () => undefined);
    const b = passes.request(key, run, () => undefined);
    const c = passes.request(key, run, () => undefined);
    expect(b).toBe(c);
    expect(runs).toBe(1);
    first.open();
    expect(await a).toBe(1);
    expect(await b).toBe(2);
    expect(runs).toBe(2);
    // Another key is independent of this one.
    expect(await passes.request({}, run, () => undefined)).toBe(3);
  });

  it("a failing pass resolves to null after onError, and the next request runs again", async () => {
    const passes = new CoalescedPasses<string>();
    const key = {};
    const errors: unknown[] = [];
    expect(await passes.request(key, () => Promise.reject(new Error("host down")), (e) => errors.push(e))).toBeNull();
    expect(errors).toHaveLength(1);
    expect(await passes.request(key, () => Promise.resolve("ok"), (e) => errors.push(e))).toBe("ok");
  });
});
