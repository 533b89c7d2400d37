import { describe, expect, it } from "vitest";
import { parseShowProc } from "./haproxy-master-cli";

// Answers of Debian's HAProxy 2.6.12 master CLI, captured while a long-lived connection kept an old worker.
const AFTER_RELOAD = [
  "#<PID>          <type>          <reloads>       <uptime>        <version>      ",
  "18531           master          2 [failed: 0]   0d00h10m12s     2.6.12-1+deb12u4",
  "# workers",
  "29039           worker          0               0d00h00m00s     2.6.12-1+deb12u4",
  "# old workers",
  "28903           worker          1               0d00h00m03s     2.6.12-1+deb12u4",
  "# programs",
  "",
].join("\n");

describe("parseShowProc", () => {
  it("reads the master's reload counters and only the current workers", () => {
    expect(parseShowProc(AFTER_RELOAD)).toEqual({ reloads: 2, failedReloads: 0, workers: [{ pid: 29039, reloads: 0 }] });
  });

  it("counts a failed reload, after which the previous worker stays current", () => {
    const failed = AFTER_RELOAD.replace("2 [failed: 0]", "3 [failed: 1]").replace(/# old workers\n.*\n/, "").replace("29039           worker          0", "29039           worker          1");
    expect(parseShowProc(failed)).toEqual({ reloads: 3, failedReloads: 1, workers: [{ pid: 29039, reloads: 1 }] });
  });

  it("throws on an answer that is not a process table (not a master socket)", () => {
    expect(() => parseShowProc("Unknown command: 'show proc'\n")).toThrow(/unexpected "show proc" answer/);
  });
});
