import { describe, expect, it } from "vitest";
import { newId } from "@/server/domain/ids";
import { isDnsLabel } from "@/server/domain/clusters/dns-names";
import { AppError } from "@/server/domain/errors";
import { assertBaseDomainFitsCnameTargets, baseDomainOfCnameTarget, cnameTargetFor, CNAME_TARGET_LABEL_LENGTH, isReservedCnameTargetName, MAX_BASE_DOMAIN_LENGTH } from "./cname-target";

describe("cnameTargetFor", () => {
  it("derives cl-<id>.<base domain> from the cluster id, the same every time", () => {
    expect(cnameTargetFor("cl_0a1b2c3d4e5f6g7h8i9j", "apps.example.com")).toBe("cl-0a1b2c3d4e5f6g7h8i9j.apps.example.com");
    expect(cnameTargetFor("cl_0a1b2c3d4e5f6g7h8i9j", "apps.example.com")).toBe(cnameTargetFor("cl_0a1b2c3d4e5f6g7h8i9j", "apps.example.com"));
  });

  it("gives generated ids distinct, DNS-valid labels of the documented length", () => {
    const ids = Array.from({ length: 200 }, () => newId("cl"));
    const targets = ids.map((id) => cnameTargetFor(id, "apps.example.com")!);
    expect(new Set(targets).size).toBe(ids.length);
    for (const t of targets) {
      const label = t.split(".")[0]!;
      expect(isDnsLabel(label), t).toBe(true);
      expect(label).toHaveLength(CNAME_TARGET_LABEL_LENGTH);
    }
  });

  it("is null without a base domain (the target is cleared) and for a base domain too long to carry one", () => {
    expect(cnameTargetFor("cl_0a1b2c3d4e5f6g7h8i9j", null)).toBeNull();
    const longest = `${"a".repeat(63)}.${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(MAX_BASE_DOMAIN_LENGTH - 3 * 64)}`;
    expect(longest).toHaveLength(MAX_BASE_DOMAIN_LENGTH);
    expect(cnameTargetFor("cl_0a1b2c3d4e5f6g7h8i9j", longest)).toHaveLength(253);
    expect(cnameTargetFor("cl_0a1b2c3d4e5f6g7h8i9j", `x${longest}`)).toBeNull();
  });

  it("refuses ids that are not cluster ids rather than inventing a label", () => {
    expect(() => cnameTargetFor("Cluster One", "apps.example.com")).toThrow(/cl_<base36>/);
  });
});

describe("assertBaseDomainFitsCnameTargets", () => {
  it("refuses a base domain that leaves no room for the cl-<id>. label, saying the limit", () => {
    expect(() => assertBaseDomainFitsCnameTargets("a".repeat(60) + "." + "b".repeat(60) + "." + "c".repeat(60) + "." + "d".repeat(50))).toThrow(
      new AppError("BAD_REQUEST", `managed_workload_ingress_base_domain must be at most ${MAX_BASE_DOMAIN_LENGTH} characters: every cluster gets a CNAME target cl-<id>.<base domain>, which must stay within 253 characters.`),
    );
    expect(() => assertBaseDomainFitsCnameTargets("apps.example.com")).not.toThrow();
    expect(() => assertBaseDomainFitsCnameTargets(null)).not.toThrow();
  });
});

describe("isReservedCnameTargetName", () => {
  it("reserves cl-<x> directly under the base domain, not deeper names, other labels or other domains", () => {
    expect(isReservedCnameTargetName("cl-0a1b2c3d4e5f6g7h8i9j.apps.example.com", "apps.example.com")).toBe(true);
    expect(isReservedCnameTargetName("cl-future.apps.example.com", "apps.example.com")).toBe(true);
    expect(isReservedCnameTargetName("shop.cl-0a1b.apps.example.com", "apps.example.com")).toBe(false);
    expect(isReservedCnameTargetName("clothes.apps.example.com", "apps.example.com")).toBe(false);
    expect(isReservedCnameTargetName("cl-0a1b.other.example.com", "apps.example.com")).toBe(false);
    expect(isReservedCnameTargetName("cl-0a1b.apps.example.com", null)).toBe(false);
  });
});

describe("baseDomainOfCnameTarget", () => {
  it("inverts cnameTargetFor: the target minus its cl-<id> label", () => {
    const target = cnameTargetFor("cl_0a1b2c3d4e5f6g7h8i9j", "apps.example.com");
    expect(baseDomainOfCnameTarget(target)).toBe("apps.example.com");
    expect(baseDomainOfCnameTarget("cl-x.example")).toBe("example");
  });

  it("is null without a target or for a name with no label to strip", () => {
    expect(baseDomainOfCnameTarget(null)).toBeNull();
    expect(baseDomainOfCnameTarget("")).toBeNull();
    expect(baseDomainOfCnameTarget("localhost")).toBeNull();
    expect(baseDomainOfCnameTarget("cl-x.")).toBeNull();
  });
});
