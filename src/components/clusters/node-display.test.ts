import { describe, expect, it } from "vitest";
import { formatAge, formatDuration, isNodeEventType, NODE_EVENT_TYPES } from "./node-display";

describe("node display helpers", () => {
  it("formats an age in its largest whole unit, localised", () => {
    expect(formatAge(0, "en")).toBe("0s");
    expect(formatAge(59.9, "en")).toBe("59s");
    expect(formatAge(60, "en")).toBe("1m");
    expect(formatAge(2 * 3600 + 59 * 60, "en")).toBe("2h");
    expect(formatAge(3 * 86_400 + 5, "en")).toBe("3d");
    expect(formatAge(3 * 86_400, "zh-CN")).toBe("3天");
    expect(formatAge(-5, "en")).toBe("0s");
  });

  it("knows the events procedure's types and nothing else", () => {
    expect(NODE_EVENT_TYPES).toEqual(["joined", "ready", "not_ready", "offline", "cordoned", "uncordoned", "deleted"]);
    expect(isNodeEventType("cordoned")).toBe(true);
    expect(isNodeEventType("exploded")).toBe(false);
    expect(isNodeEventType("toString")).toBe(false);
  });
});

describe("formatDuration", () => {
  it("shows the two largest whole units, leaving a zero second unit out", () => {
    expect(formatDuration(0, "en")).toBe("0s");
    expect(formatDuration(59.9, "en")).toBe("59s");
    expect(formatDuration(320, "en")).toBe("5m 20s");
    expect(formatDuration(3_600, "en")).toBe("1h");
    expect(formatDuration(3_600 + 65, "en")).toBe("1h 1m");
    expect(formatDuration(2 * 86_400 + 3 * 3_600 + 59, "en")).toBe("2d 3h");
    expect(formatDuration(-5, "en")).toBe("0s");
  });
});
