import { describe, expect, it } from "vitest";
import { compareQuantities, cpuQuantitySchema, maxQuantity, memoryQuantitySchema, parseQuantity, quotaPairProblem } from "./quantities";

describe("ResourceQuota quantities", () => {
  it("accepts the forms a ResourceQuota takes", () => {
    for (const v of ["4", "1.5", "500m", " 2 "]) expect(cpuQuantitySchema.safeParse(v).success).toBe(true);
    for (const v of ["8Gi", "512Mi", "1G", "1073741824"]) expect(memoryQuantitySchema.safeParse(v).success).toBe(true);
  });

  it("refuses zero, units of the other resource and garbage with an example in the message", () => {
    for (const v of ["0", "4Gi", "-1", "four", ""]) {
      expect(cpuQuantitySchema.safeParse(v).error?.issues[0]?.message).toMatch(/cpu_quota must be a Kubernetes CPU quantity/);
    }
    for (const v of ["0Gi", "8GB", "8 Gi", "lots"]) {
      expect(memoryQuantitySchema.safeParse(v).error?.issues[0]?.message).toMatch(/memory_quota must be a Kubernetes memory quantity/);
    }
  });
});

describe("quotaPairProblem", () => {
  it("wants both quantities or neither", () => {
    expect(quotaPairProblem("4", "8Gi")).toBeNull();
    expect(quotaPairProblem(null, null)).toBeNull();
    expect(quotaPairProblem("4", null)).toMatch(/Set cpu_quota and memory_quota together/);
    expect(quotaPairProblem(null, "8Gi")).toMatch(/Set cpu_quota and memory_quota together/);
  });
});

describe("parseQuantity / compareQuantities", () => {
  const cmp = (a: string, b: string) => {
    const qa = parseQuantity(a);
    const qb = parseQuantity(b);
    if (!qa || !qb) throw new Error(`unparsable: ${a} or ${b}`);
    return compareQuantities(qa, qb);
  };

  it("reads every suffix Kubernetes knows, exactly", () => {
    expect(cmp("1Gi", "1073741824")).toBe(0);
    expect(cmp("1Gi", "1024Mi")).toBe(0);
    expect(cmp("1.5Gi", "1536Mi")).toBe(0);
    expect(cmp("1Ti", "1024Gi")).toBe(0);
    expect(cmp("0.1", "100m")).toBe(0);
    expect(cmp(".5", "500m")).toBe(0);
    expect(cmp("1k", "1000")).toBe(0);
    expect(cmp("1M", "1000k")).toBe(0);
    expect(cmp("1G", "1e9")).toBe(0);
    expect(cmp("1T", "1000G")).toBe(0);
    expect(cmp("1500u", "1500000n")).toBe(0);
    expect(cmp("2", "+2")).toBe(0);
  });

  it("orders binary against decimal units by their value, not their text", () => {
    expect(cmp("1G", "1Gi")).toBe(-1);
    expect(cmp("2Gi", "4Gi")).toBe(-1);
    expect(cmp("4096Mi", "4Gi")).toBe(0);
    expect(cmp("4097Mi", "4Gi")).toBe(1);
    expect(cmp("250m", "0.2")).toBe(1);
    expect(cmp("10Gi", "9.9Gi")).toBe(1);
  });

  it("refuses what is not quantity syntax", () => {
    for (const v of ["", "-1", "1.2.3", "1 Gi", "8GB", "Gi", "1ki", "1e", "four"]) expect(parseQuantity(v)).toBeNull();
    expect(parseQuantity(" 2Gi ")?.text).toBe("2Gi");
  });

  it("takes the larger one", () => {
    const a = parseQuantity("256Mi");
    const b = parseQuantity("0.25Gi");
    const c = parseQuantity("300Mi");
    if (!a || !b || !c) throw new Error("unparsable");
    expect(maxQuantity(a, b).text).toBe("256Mi");
    expect(maxQuantity(a, c).text).toBe("300Mi");
  });
});
