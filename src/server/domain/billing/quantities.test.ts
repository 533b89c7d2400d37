import { describe, expect, it } from "vitest";
import { cpuQuantitySchema, memoryQuantitySchema, quotaPairProblem } from "./quantities";

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
