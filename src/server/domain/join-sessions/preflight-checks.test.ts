import { describe, expect, it } from "vitest";
import { joinFailureReasons } from "./join-failure";
import { joinFailureFixes } from "./join-failure-fixes";
import { classifyCheck, classifyScriptExit, joinSessionReportSchema, parseOsRelease, type CheckContext, type PreflightCheck } from "./preflight-checks";

const now = new Date("2026-12-05T10:00:00Z");
const ctx: CheckContext = { now, clockSkewSeconds: 60, endpoint: "https://k8s.example.com:6443" };
const verdict = (check: PreflightCheck, fields: Record<string, string>, c: CheckContext = ctx) => classifyCheck(check, joinSessionReportSchema.parse({ step: check, ...fields }), c);

describe("preflight classification", () => {
  it.each([
    ["root", { uid: "0" }, "pass", undefined],
    ["root", { uid: "1000" }, "fail", "not_root"],
    ["systemd", { systemd: "yes" }, "pass", undefined],
    ["systemd", { systemd: "no" }, "fail", "no_systemd"],
    ["os", { os_release: 'NAME="Ubuntu"\nID=ubuntu\nVERSION_ID="24.04"\n' }, "pass", undefined],
    ["os", { os_release: 'ID=ubuntu\nVERSION_ID="22.04"' }, "pass", undefined],
    ["os", { os_release: 'ID="rhel"\nVERSION_ID="9.4"' }, "pass", undefined],
    ["os", { os_release: 'ID="rocky"\nVERSION_ID="10.0"' }, "pass", undefined],
    ["os", { os_release: 'ID="centos"\nVERSION_ID="9"' }, "pass", undefined],
    ["os", { os_release: 'ID=ubuntu\nVERSION_ID="20.04"' }, "fail", "unsupported_os"],
    ["os", { os_release: "ID=debian\nVERSION_ID=12" }, "fail", "unsupported_os"],
    ["os", { os_release: "" }, "fail", "unsupported_os"],
    ["arch", { arch: "x86_64" }, "pass", undefined],
    ["arch", { arch: "aarch64" }, "pass", undefined],
    ["arch", { arch: "riscv64" }, "fail", "unsupported_arch"],
    ["iptables", { iptables_path: "/usr/sbin/iptables" }, "pass", undefined],
    ["iptables", { iptables_path: "" }, "fail", "iptables_missing"],
    ["swap", { swaps: "Filename\tType\tSize\tUsed\tPriority\n" }, "pass", undefined],
    ["swap", { swaps: "Filename\tType\tSize\tUsed\tPriority\n/swap.img file 2097148 0 -2\n" }, "fail", "swap_enabled"],
    ["clock", { host_epoch: String(now.getTime() / 1000 + 59) }, "pass", undefined],
    ["clock", { host_epoch: String(now.getTime() / 1000 - 3600) }, "fail", "clock_skew"],
    ["clock", { host_epoch: "" }, "warn", undefined],
    ["endpoint", { curl_exit: "0" }, "pass", undefined],
    ["endpoint", { curl_exit: "7", curl_stderr: "curl: (7) Failed to connect to k8s.example.com port 6443: Connection refused" }, "fail", "endpoint_unreachable"],
    ["endpoint", { curl_exit: "28", curl_stderr: "curl: (28) Connection timed out" }, "fail", "endpoint_unreachable"],
    ["endpoint", { curl_exit: "60", curl_stderr: "curl: (60) SSL: no alternative certificate subject name matches target host name 'k8s.example.com'" }, "fail", "san_mismatch"],
    ["endpoint", { curl_exit: "60", curl_stderr: "curl: (60) SSL: certificate subject name 'other' does not match target host name 'k8s.example.com'" }, "fail", "san_mismatch"],
    ["endpoint", { curl_exit: "60", curl_stderr: "curl: (60) SSL certificate problem: unable to get local issuer certificate" }, "fail", "tls_untrusted"],
    ["endpoint", { curl_exit: "35", curl_stderr: "curl: (35) error:0A00010B:SSL routines::wrong version number" }, "fail", "tls_untrusted"],
    ["previous_join", { previous_files: "" }, "pass", undefined],
    ["previous_join", { previous_files: "/etc/kubernetes/kubelet.conf", force_join: "no" }, "fail", "previous_join"],
    ["previous_join", { previous_files: "/var/lib/kubelet/pki", force_join: "yes" }, "warn", undefined],
  ] as const)("%s %j → %s %s", (check, fields, outcome, reason) => {
    const v = verdict(check, fields);
    expect(v.outcome).toBe(outcome);
    expect(v.failure?.reason).toBe(reason);
    if (reason) expect(v.failure?.message).toContain(joinFailureFixes[reason]);
  });

  it("says which way and how far the clock is off", () => {
    expect(verdict("clock", { host_epoch: String(now.getTime() / 1000 + 3600) }).failure?.message).toMatch(/3600s ahead of the platform's/);
    expect(verdict("clock", { host_epoch: String(now.getTime() / 1000 - 61) }, { ...ctx, clockSkewSeconds: 60 }).failure?.message).toMatch(/61s behind/);
  });

  it("names the endpoint and the host the certificate lacks", () => {
    const v = verdict("endpoint", { curl_exit: "60", curl_stderr: "curl: (60) SSL: no alternative certificate subject name matches target host name 'k8s.example.com'" });
    expect(v.failure?.message).toMatch(/does not name k8s\.example\.com/);
    expect(v.detail).toContain("curl exit 60");
  });

  it("skips the endpoint check when the cluster has no public endpoint", () => {
    expect(verdict("endpoint", { skipped: "yes" }, { ...ctx, endpoint: null })).toMatchObject({ outcome: "info", detail: expect.stringMatching(/^skipped/) });
  });

  it("types a failing join script with its tail, and passes exit 0", () => {
    const failed = classifyScriptExit(joinSessionReportSchema.parse({ step: "script_finished", exit_code: "3", output_tail: "line a\nkubeadm: error\n" }));
    expect(failed.failure?.reason).toBe("script_failed");
    expect(failed.detail).toBe("exit 3\nline a\nkubeadm: error");
    expect(classifyScriptExit(joinSessionReportSchema.parse({ step: "script_finished", exit_code: "0" })).outcome).toBe("pass");
    expect(classifyScriptExit(joinSessionReportSchema.parse({ step: "script_finished" })).failure?.reason).toBe("script_failed");
  });

  it("caps long fields", () => {
    const report = joinSessionReportSchema.parse({ step: "script_finished", output_tail: "x".repeat(10_000) });
    expect(report.output_tail!.length).toBeLessThanOrEqual(4_001);
  });

  it("has a fix for every failure reason", () => {
    for (const reason of joinFailureReasons) expect(joinFailureFixes[reason]).toMatch(/\w/);
  });

  it("parses os-release quoting", () => {
    expect(parseOsRelease("ID='rocky'\nVERSION_ID=\"9.5\"\n")).toEqual({ id: "rocky", versionId: "9.5" });
  });
});
