/**
 * The machines vCluster's Private Nodes join script supports (KUBE-FACTS "Join script flags"): the wrapper reports
 * what it finds and the platform decides with these lists, so the decision is the same for every wrapper version.
 */
export const SUPPORTED_OPERATING_SYSTEMS: readonly { id: string; name: string; versions: readonly string[]; match: "exact" | "major" }[] = [
  { id: "ubuntu", name: "Ubuntu", versions: ["22.04", "24.04"], match: "exact" },
  { id: "rhel", name: "RHEL", versions: ["8", "9", "10"], match: "major" },
  { id: "centos", name: "CentOS Stream", versions: ["9"], match: "major" },
  { id: "rocky", name: "Rocky Linux", versions: ["9", "10"], match: "major" },
];

/** "Ubuntu 22.04/24.04, RHEL 8/9/10, …": for messages and the wrapper's banner. */
export const supportedOsSummary = SUPPORTED_OPERATING_SYSTEMS.map((os) => `${os.name} ${os.versions.join("/")}`).join(", ");

export function isSupportedOs(id: string, versionId: string): boolean {
  const os = SUPPORTED_OPERATING_SYSTEMS.find((candidate) => candidate.id === id);
  if (!os) return false;
  const version = os.match === "major" ? versionId.split(".")[0]! : versionId;
  return os.versions.includes(version);
}

/** `uname -m` values of the architectures the kubelet binaries are shipped for. */
export const SUPPORTED_ARCHITECTURES = ["x86_64", "amd64", "aarch64", "arm64"] as const;
export const isSupportedArch = (arch: string): boolean => (SUPPORTED_ARCHITECTURES as readonly string[]).includes(arch);
