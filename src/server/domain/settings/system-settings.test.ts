import { describe, expect, it } from "vitest";
import { applySettingsPatch, DEFAULT_SYSTEM_SETTINGS, normalizeBaseUrl, normalizeDnsName, secretHint } from "./system-settings";

const TOKEN = "cf-token-0123456789abcdefWXYZ";
const ZONE = "0123456789abcdef0123456789abcdef";

describe("system settings rules", () => {
  it("accepts http(s) base URLs and drops the trailing slash; refuses other schemes, credentials and queries", () => {
    expect(normalizeBaseUrl("join_base_url", " https://kube.example.com/ ")).toBe("https://kube.example.com");
    expect(normalizeBaseUrl("join_base_url", "http://10.0.0.5:8080/base/")).toBe("http://10.0.0.5:8080/base");
    expect(() => normalizeBaseUrl("join_base_url", "ftp://kube.example.com")).toThrow("join_base_url must start with http:// or https://.");
    expect(() => normalizeBaseUrl("public_base_url", "kube.example.com")).toThrow(/public_base_url must be a full URL/);
    expect(() => normalizeBaseUrl("join_base_url", "https://u:p@kube.example.com")).toThrow(/user name or password/);
    expect(() => normalizeBaseUrl("join_base_url", "https://kube.example.com/?x=1")).toThrow(/query/);
  });

  it("accepts DNS names with two or more labels only", () => {
    expect(normalizeDnsName("d", "Apps.Example.COM.")).toBe("apps.example.com");
    for (const bad of ["example", "https://apps.example.com", "apps.example.com:443", "-a.example.com", "a_b.example.com"]) {
      expect(() => normalizeDnsName("d", bad), bad).toThrow(/must be a DNS name/);
    }
  });

  it("keeps the stored API token on an empty input, replaces it on a new one and clears it only on null", () => {
    const withToken = applySettingsPatch(DEFAULT_SYSTEM_SETTINGS, { managedWorkloadIngressDns: { cloudflare: { apiToken: TOKEN } } });
    expect(withToken.managedWorkloadIngressDns.cloudflare.apiToken).toBe(TOKEN);
    expect(applySettingsPatch(withToken, { managedWorkloadIngressDns: { cloudflare: { apiToken: "" } } }).managedWorkloadIngressDns.cloudflare.apiToken).toBe(TOKEN);
    expect(applySettingsPatch(withToken, { joinBaseUrl: "https://a.example.com" }).managedWorkloadIngressDns.cloudflare.apiToken).toBe(TOKEN);
    expect(applySettingsPatch(withToken, { managedWorkloadIngressDns: { cloudflare: { apiToken: null } } }).managedWorkloadIngressDns.cloudflare.apiToken).toBeNull();
    expect(() => applySettingsPatch(DEFAULT_SYSTEM_SETTINGS, { managedWorkloadIngressDns: { cloudflare: { apiToken: "short" } } })).toThrow(/does not look like/);
  });

  it("clears optional values on null or blank and leaves absent ones alone", () => {
    const set = applySettingsPatch(DEFAULT_SYSTEM_SETTINGS, { joinBaseUrl: "https://j.example.com", publicBaseUrl: "https://p.example.com" });
    const next = applySettingsPatch(set, { joinBaseUrl: "", publicBaseUrl: undefined });
    expect(next.joinBaseUrl).toBeNull();
    expect(next.publicBaseUrl).toBe("https://p.example.com");
  });

  it("enabling DNS automation names every missing field", () => {
    expect(() => applySettingsPatch(DEFAULT_SYSTEM_SETTINGS, { managedWorkloadIngressDns: { enabled: true } })).toThrow(
      "DNS automation needs managed_workload_ingress_base_domain, record_target_hostname, cloudflare.zone_id, cloudflare.api_token. Fill them in or turn DNS automation off.",
    );
    const ok = applySettingsPatch(DEFAULT_SYSTEM_SETTINGS, {
      managedWorkloadIngressBaseDomain: "apps.example.com",
      managedWorkloadIngressDns: { enabled: true, recordTargetHostname: "edge.example.com", cloudflare: { zoneId: ZONE.toUpperCase(), apiToken: TOKEN } },
    });
    expect(ok.managedWorkloadIngressDns.cloudflare.zoneId).toBe(ZONE);
    expect(() => applySettingsPatch(ok, { managedWorkloadIngressDns: { cloudflare: { apiToken: null } } })).toThrow(/needs cloudflare.api_token\./);
  });

  it("masks secrets: last four characters of a long one, otherwise just 'set'", () => {
    expect(secretHint(TOKEN)).toBe("••••WXYZ");
    expect(secretHint("short-secret")).toBe("set");
    expect(secretHint(null)).toBeNull();
  });
});
