/**
 * Kubernetes version-skew policy for the kubelet (kubernetes.io "Version Skew Policy", since 1.28):
 * a kubelet may be up to three minor versions older than kube-apiserver and never newer.
 */
export const MAX_KUBELET_MINORS_BEHIND = 3;

export interface MinorVersion {
  major: number;
  minor: number;
}

/** "v1.37.2", "1.31.4+k3s1", "v1.30.0-rc.1" → { major: 1, minor: 37 }; anything else → null. */
export function parseMinorVersion(version: string | null | undefined): MinorVersion | null {
  const m = /^v?(\d+)\.(\d+)(?:\.\d+)?(?:[-+].*)?$/.exec((version ?? "").trim());
  if (!m) return null;
  return { major: Number(m[1]), minor: Number(m[2]) };
}

export type KubeletSkew = { direction: "newer" | "too_old"; kubeletMinor: string; controlPlaneMinor: string; supported: string };

const label = (v: MinorVersion) => `v${v.major}.${v.minor}`;

/**
 * Why this kubelet is outside the supported skew of the control plane, or null when it is
 * inside it or either version cannot be read (an unreadable version is no evidence of skew).
 */
export function kubeletSkew(kubeletVersion: string | null | undefined, controlPlaneVersion: string | null | undefined): KubeletSkew | null {
  const kubelet = parseMinorVersion(kubeletVersion);
  const plane = parseMinorVersion(controlPlaneVersion);
  if (!kubelet || !plane) return null;
  const oldest: MinorVersion = { major: plane.major, minor: Math.max(0, plane.minor - MAX_KUBELET_MINORS_BEHIND) };
  const facts = { kubeletMinor: label(kubelet), controlPlaneMinor: label(plane), supported: `${label(oldest)}–${label(plane)}` };
  if (kubelet.major !== plane.major) return { direction: kubelet.major > plane.major ? "newer" : "too_old", ...facts };
  if (kubelet.minor > plane.minor) return { direction: "newer", ...facts };
  if (plane.minor - kubelet.minor > MAX_KUBELET_MINORS_BEHIND) return { direction: "too_old", ...facts };
  return null;
}
