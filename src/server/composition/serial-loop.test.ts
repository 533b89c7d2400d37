import { describe, expect, it } from "vitest";
import { startSerialLoop, type PassTrigger } from "./serial-loop";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("startSerialLoop", () => {
  it("passes at once, then after the delay each pass returns; requests during a pass fold into one more", async () => {
    const triggers: PassTrigger[] = [];
    let active = 0;
    let overlapped = false;
    let release!: () => void;
    const firstDone = new Promise<void>((resolve) => (release = resolve));
    const loop = startSerialLoop(async (trigger) => {
      overlapped ||= active > 0;
      active += 1;
      triggers.push(trigger);
      if (triggers.length === 1) await firstDone;
      active -= 1;
      return 60_000;
    });
    await sleep(20);
    expect(triggers).toEqual(["timer"]);
    loop.requestPass();
    loop.requestPass();
    release();
    await sleep(20);
    // Two requests during the first pass: one more pass, marked as requested; the next is an hour away.
    expect(triggers).toEqual(["timer", "request"]);
    loop.requestPass();
    await sleep(20);
    expect(triggers).toEqual(["timer", "request", "request"]);
    expect(overlapped).toBe(false);
    await loop.stop();
    loop.requestPass();
    await sleep(20);
    expect(triggers).toHaveLength(3);
  });

  it("waits the delay the pass returned (a backoff after a failure)", async () => {
    let passes = 0;
    const loop = startSerialLoop(() => Promise.resolve(++passes === 1 ? 30 : 60_000));
    await sleep(10);
    expect(passes).toBe(1);
    await sleep(60);
    expect(passes).toBe(2);
    await loop.stop();
  });
});
