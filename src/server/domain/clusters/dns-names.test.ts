import { describe, expect, it } from "vitest";
import { HELM_RELEASE_NAME_MAX_LENGTH, isDnsLabel, toDnsLabel, toDnsLabelOr, withDnsSuffix } from "./dns-names";

describe("toDnsLabel", () => {
  it.each([
    ["demo", "demo"],
    ["My Cluster_01", "my-cluster-01"],
    ["  --Team.A--  ", "team-a"],
    ["a___b", "a-b"],
    ["Café Olé", "cafe-ole"],
    ["9lives", "9lives"],
    ["集群", ""],
    ["", ""],
    ["---", ""],
  ])("%j -> %j", (input, expected) => {
    const label = toDnsLabel(input);
    expect(label).toBe(expected);
    if (label) expect(isDnsLabel(label)).toBe(true);
  });

  it("cuts to 63 characters without leaving a trailing dash", () => {
    const label = toDnsLabel(`${"a".repeat(62)}-bbbb`);
    expect(label).toBe("a".repeat(62));
    expect(isDnsLabel(label)).toBe(true);
  });

  it("respects a smaller limit for helm release names", () => {
    expect(toDnsLabel("x".repeat(80), HELM_RELEASE_NAME_MAX_LENGTH)).toHaveLength(53);
  });
});

describe("toDnsLabelOr", () => {
  it("uses the fallback when nothing usable is left", () => {
    expect(toDnsLabelOr("集群", "cl_AbC123")).toBe("cl-abc123");
    expect(toDnsLabelOr("Prod", "cl_AbC123")).toBe("prod");
  });

  it("refuses a fallback that is itself unusable", () => {
    expect(() => toDnsLabelOr("", "__")).toThrow(/fallback/);
  });
});

describe("withDnsSuffix", () => {
  it("keeps the whole suffix and cuts the base", () => {
    const name = withDnsSuffix("n".repeat(70), "cl-1a2b");
    expect(name).toHaveLength(63);
    expect(name.endsWith("-cl-1a2b")).toBe(true);
    expect(isDnsLabel(name)).toBe(true);
  });

  it("joins short parts with one dash and survives an empty base", () => {
    expect(withDnsSuffix("Team A", "x1")).toBe("team-a-x1");
    expect(withDnsSuffix("集群", "x1")).toBe("x1");
  });
});

describe("isDnsLabel", () => {
  it.each([
    ["a", true],
    ["a-b", true],
    ["-a", false],
    ["a-", false],
    ["A", false],
    ["a.b", false],
    ["a".repeat(64), false],
  ])("%j -> %j", (value, expected) => {
    expect(isDnsLabel(value)).toBe(expected);
  });
});
