import { RuleTester } from "eslint";
import { describe, it } from "vitest";
import { noBackgroundLoops } from "./no-background-loops.mjs";

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: "module" } });

tester.run("no-background-loops", noBackgroundLoops, {
  valid: [
    // One-shot timers: a timeout on a call, a sleep.
    "const timer = setTimeout(() => controller.abort(), 5000);",
    "await new Promise((resolve) => setTimeout(resolve, ms));",
    "function call() { const t = setTimeout(() => reject(new Error('late')), ms); return t; }",
    "class Probe { run() { this.timer = setTimeout(() => this.finish(false), 100); } finish() {} }",
  ],
  invalid: [
    { code: "setInterval(sweep, 15000);", errors: [{ messageId: "interval" }] },
    { code: "const t = globalThis.setInterval(() => pass(), 1000);", errors: [{ messageId: "interval" }] },
    { code: "function tick() { work(); setTimeout(tick, 1000); }", errors: [{ messageId: "reschedule" }] },
    { code: "const tick = async () => { await work(); timer = setTimeout(() => void tick(), 1000); };", errors: [{ messageId: "reschedule" }] },
    { code: "class Loop { run() { this.timer = setTimeout(() => this.run(), 1000); } }", errors: [{ messageId: "reschedule" }] },
  ],
});
