import { describe, expect, it } from "vitest";
import {
  AUTHORITY_PROPAGATION_MS,
  AUTHORITY_VALIDITY_MS,
  authoritiesToRetire,
  authorityRotationDue,
  liveAuthorities,
  servingCertificateReissueDue,
  servingCertificateValidity,
  signingAuthority,
} from "./certificate-schedule";

const DAY = 24 * 60 * 60 * 1000;
const t0 = new Date("2026-01-01T00:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);
const ca = (id: string, startMs: number, lifeMs = AUTHORITY_VALIDITY_MS, retiredAt: Date | null = null) => ({
  id,
  notBefore: at(startMs),
  notAfter: at(startMs + lifeMs),
  createdAt: at(startMs),
  retiredAt,
});

describe("authorityRotationDue", () => {
  it("wants a CA when there is none", () => {
    expect(authorityRotationDue(null, t0)).toBe(true);
  });

  it("keeps the CA until less than a fifth of its validity is left", () => {
    const authority = ca("a", 0);
    const fourFifths = AUTHORITY_VALIDITY_MS * 0.8;
    expect(authorityRotationDue(authority, at(fourFifths - 1))).toBe(false);
    expect(authorityRotationDue(authority, at(fourFifths + 1))).toBe(true);
  });
});

describe("live, retired and signing CAs", () => {
  const old = ca("old", 0);
  const fresh = ca("fresh", AUTHORITY_VALIDITY_MS * 0.8);

  it("lists unexpired, unretired CAs newest first (the caBundle) and retires the expired", () => {
    const now = at(AUTHORITY_VALIDITY_MS * 0.9);
    expect(liveAuthorities([old, fresh], now).map((a) => a.id)).toEqual(["fresh", "old"]);
    expect(liveAuthorities([old, ca("gone", 0, 1000, t0)], now).map((a) => a.id)).toEqual(["old"]);
    const later = at(AUTHORITY_VALIDITY_MS + 1);
    expect(liveAuthorities([old, fresh], later).map((a) => a.id)).toEqual(["fresh"]);
    expect(authoritiesToRetire([old, fresh], later).map((a) => a.id)).toEqual(["old"]);
    expect(authoritiesToRetire([{ ...old, retiredAt: later }], later)).toEqual([]);
  });

  it("signs with a new CA only after it had time to reach every caBundle", () => {
    const created = AUTHORITY_VALIDITY_MS * 0.8;
    const live = [fresh, old];
    expect(signingAuthority(live, at(created + 60_000))?.id).toBe("old");
    expect(signingAuthority(live, at(created + AUTHORITY_PROPAGATION_MS))?.id).toBe("fresh");
  });

  it("signs with the only CA at once on a fresh platform, and with none when there is none", () => {
    expect(signingAuthority([ca("first", 0)], t0)?.id).toBe("first");
    expect(signingAuthority([], t0)).toBeNull();
  });
});

describe("serving certificates", () => {
  it("live 30 days from a little before now, never past the CA", () => {
    const v = servingCertificateValidity(ca("a", 0), at(DAY));
    expect(v.notAfter.getTime() - at(DAY).getTime()).toBe(30 * DAY);
    expect(v.notBefore.getTime()).toBeLessThan(at(DAY).getTime());
    const ending = ca("b", 0, 40 * DAY);
    expect(servingCertificateValidity(ending, at(20 * DAY)).notAfter).toEqual(ending.notAfter);
  });

  it("are re-issued when missing, at two thirds of their life, or when another CA signs now", () => {
    const cert = { notBefore: t0, notAfter: at(30 * DAY), authorityId: "a" };
    expect(servingCertificateReissueDue(null, "a", t0)).toBe(true);
    expect(servingCertificateReissueDue(cert, "a", at(20 * DAY - 1))).toBe(false);
    expect(servingCertificateReissueDue(cert, "a", at(20 * DAY))).toBe(true);
    expect(servingCertificateReissueDue(cert, "b", at(DAY))).toBe(true);
  });
});
