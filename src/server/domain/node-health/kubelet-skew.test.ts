import { describe, expect, it } from "vitest";
import { kubeletSkew, parseMinorVersion } from "./kubelet-skew";

describe("parseMinorVersion", () => {
  it("reads major and minor from the forms kubelets and apiservers report", () => {
    expect(parseMinorVersion("v1.37.2")).toEqual({ major: 1, minor: 37 });
    expect(parseMinorVersion("1.31.4+k3s1")).toEqual({ major: 1, minor: 31 });
    expect(parseMinorVersion("v1.30.0-rc.1")).toEqual({ major: 1, minor: 30 });
    expect(parseMinorVersion("v1.29")).toEqual({ major: 1, minor: 29 });
  });

  it("gives null for anything else", () => {
    for (const bad of ["", null, undefined, "latest", "v1", "vX.Y.Z", "1.2.3.4"]) expect(parseMinorVersion(bad)).toBeNull();
  });
});

describe("kubeletSkew", () => {
  it("accepts the same minor and up to three minors older", () => {
    for (const kubelet of ["v1.37.0", "v1.36.9", "v1.35.1", "v1.34.0"]) expect(kubeletSkew(kubelet, "v1.37.2")).toBeNull();
  });

  it("flags a kubelet newer than the control plane, even by one minor", () => {
    expect(kubeletSkew("v1.38.0", "v1.37.2")).toEqual({ direction: "newer", kubeletMinor: "v1.38", controlPlaneMinor: "v1.37", supported: "v1.34–v1.37" });
  });

  it("flags a kubelet more than three minors older", () => {
    expect(kubeletSkew("v1.33.7", "v1.37.2")).toEqual({ direction: "too_old", kubeletMinor: "v1.33", controlPlaneMinor: "v1.37", supported: "v1.34–v1.37" });
  });

  it("flags a different major in the right direction", () => {
    expect(kubeletSkew("v2.0.0", "v1.37.0")?.direction).toBe("newer");
    expect(kubeletSkew("v0.9.0", "v1.2.0")?.direction).toBe("too_old");
  });

  it("does not judge when a version is unknown or unreadable", () => {
    expect(kubeletSkew("v1.20.0", null)).toBeNull();
    expect(kubeletSkew(null, "v1.37.0")).toBeNull();
    expect(kubeletSkew("custom-build", "v1.37.0")).toBeNull();
  });
});
