import { describe, expect, it } from "vitest";
import { formatAge, isNodeEventType, NODE_EVENT_TYPES } from "./node-display";

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
