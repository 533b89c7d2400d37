"use client";

import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-parts";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/trpc/error-message";
import { DnsAutomationHealthCard } from "./dns-automation-health-card";
import { initialOAuthApps, OAuthAppsCard, oauthAppsPatch } from "./oauth-apps-card";
import { initialSmtp, SmtpSettingsCard, smtpPatch } from "./smtp-settings-card";
import { useTRPC } from "@/lib/trpc/client";
import type { RouterInputs, RouterOutputs } from "@/lib/trpc/router-types";

type Settings = RouterOutputs["settings"]["get"];
const MODES = ["nodeport", "loadbalancer", "off"] as const satisfies readonly NonNullable<RouterInputs["settings"]["update"]["default_cluster_public_access_mode"]>[];

/**
 * The whole settings form; it sends every field, so what you see is what gets
 * saved. The API token field starts empty: empty keeps the stored token, the
 * checkbox removes it.
 */
export function SystemSettingsForm({ initial }: { initial: Settings }) {
  const t = useTranslations("systemSettings");
  const tc = useTranslations("common");
  const trpc = useTRPC();
  const router = useRouter();
  const toast = useToast();
  const queryClient = useQueryClient();
  const dns = initial.managed_workload_ingress_dns;
  const [form, setForm] = useState({
    joinBaseUrl: initial.join_base_url ?? "",
    publicBaseUrl: initial.public_base_url ?? "",
    mode: initial.default_cluster_public_access_mode,
    nodePortHostAddress: initial.nodeport_host_address ?? "",
    baseDomain: initial.managed_workload_ingress_base_domain ?? "",
    dnsEnabled: dns.enabled,
    recordTarget: dns.record_target_hostname ?? "",
    zoneId: dns.cloudflare.zone_id ?? "",
    apiToken: "",
    removeToken: false,
  });
  const [oauth, setOAuth] = useState(() => initialOAuthApps(initial.oauth));
  const [smtp, setSmtp] = useState(() => initialSmtp(initial.smtp));
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => setForm((f) => ({ ...f, [key]: value }));

  const save = useMutation(
    trpc.settings.update.mutationOptions({
      onSuccess: () => {
        setError(null);
        setForm((f) => ({ ...f, apiToken: "", removeToken: false }));
        setOAuth((o) => ({ github: { ...o.github, clientSecret: "", removeSecret: false }, google: { ...o.google, clientSecret: "", removeSecret: false } }));
        setSmtp((m) => ({ ...m, password: "", removePassword: false }));
        toast.success(t("saved"));
        // A save can turn automation on or off and re-derive CNAME targets: re-read the health summary.
        void queryClient.invalidateQueries({ queryKey: trpc.admin.getDnsAutomationHealth.queryKey() });
        router.refresh();
      },
      onError: (e) => setError(t("failed", { message: errorMessage(e, tc("unknownError")) })),
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      join_base_url: form.joinBaseUrl,
      public_base_url: form.publicBaseUrl,
      default_cluster_public_access_mode: form.mode,
      nodeport_host_address: form.nodePortHostAddress,
      managed_workload_ingress_base_domain: form.baseDomain,
      managed_workload_ingress_dns: {
        enabled: form.dnsEnabled,
        active_provider: "cloudflare",
        record_target_hostname: form.recordTarget,
        cloudflare: { zone_id: form.zoneId, api_token: form.removeToken ? null : form.apiToken },
      },
      oauth: oauthAppsPatch(oauth),
      smtp: smtpPatch(smtp),
    });
  };

  const tokenHint = dns.cloudflare.api_token_set ? t("apiTokenHintSet", { hint: dns.cloudflare.api_token_hint ?? t("tokenSet") }) : t("apiTokenHintUnset");

  return (
    <form onSubmit={submit} className="space-y-6" data-testid="system-settings-form">
      <Card>
        <CardHeader title={t("urlsTitle")} />
        <CardBody className="space-y-4">
          <Field id="join-base-url" label={t("joinBaseUrl")} hint={t("joinBaseUrlHint")}>
            {(p) => <Input {...p} type="url" value={form.joinBaseUrl} onChange={(e) => set("joinBaseUrl", e.target.value)} placeholder="https://kubebyon.example.com" />}
          </Field>
          <Field id="public-base-url" label={t("publicBaseUrl")} hint={t("publicBaseUrlHint")}>
            {(p) => <Input {...p} type="url" value={form.publicBaseUrl} onChange={(e) => set("publicBaseUrl", e.target.value)} placeholder="https://console.example.com" />}
          </Field>
        </CardBody>
      </Card>
      <Card>
        <CardHeader title={t("clustersTitle")} />
        <CardBody className="space-y-4">
          <Field id="default-mode" label={t("defaultMode")} hint={t("defaultModeHint")}>
            {(p) => (
              <Select {...p} value={form.mode} onChange={(e) => set("mode", MODES.find((m) => m === e.target.value) ?? "nodeport")}>
                {MODES.map((m) => (
                  <option key={m} value={m}>
                    {t(`modes.${m}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {/* Deployment-level, not a setting: shown read-only and never sent (the update refuses another value). */}
          <Field id="public-access-provider" label={t("publicAccessProvider")} hint={t("publicAccessProviderSource", { description: initial.public_access_provider_description })}>
            {(p) => <Input {...p} value={initial.public_access_provider} readOnly data-testid="public-access-provider" />}
          </Field>
          <Field id="nodeport-host-address" label={t("nodePortHostAddress")} hint={t("nodePortHostAddressHint")}>
            {(p) => <Input {...p} value={form.nodePortHostAddress} onChange={(e) => set("nodePortHostAddress", e.target.value)} placeholder="203.0.113.10" />}
          </Field>
        </CardBody>
      </Card>
      <Card>
        <CardHeader title={t("ingressTitle")} />
        <CardBody className="space-y-4">
          <Field id="base-domain" label={t("baseDomain")} hint={t("baseDomainHint")}>
            {(p) => <Input {...p} value={form.baseDomain} onChange={(e) => set("baseDomain", e.target.value)} placeholder="apps.example.com" />}
          </Field>
          <label className="flex items-center gap-2 text-sm font-medium">
            <input type="checkbox" checked={form.dnsEnabled} onChange={(e) => set("dnsEnabled", e.target.checked)} />
            {t("dnsEnabled")}
          </label>
          <Field id="dns-provider" label={t("provider")}>
            {(p) => (
              <Select {...p} value="cloudflare" disabled>
                <option value="cloudflare">Cloudflare</option>
              </Select>
            )}
          </Field>
          <Field id="record-target" label={t("recordTarget")} hint={t("recordTargetHint")}>
            {(p) => <Input {...p} value={form.recordTarget} onChange={(e) => set("recordTarget", e.target.value)} placeholder="edge.example.com" />}
          </Field>
          <Field id="zone-id" label={t("zoneId")}>
            {(p) => <Input {...p} value={form.zoneId} onChange={(e) => set("zoneId", e.target.value)} />}
          </Field>
          <Field id="api-token" label={t("apiToken")} hint={tokenHint}>
            {(p) => (
              <Input {...p} type="password" autoComplete="new-password" value={form.apiToken} disabled={form.removeToken} onChange={(e) => set("apiToken", e.target.value)} />
            )}
          </Field>
          {dns.cloudflare.api_token_set ? (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={form.removeToken} onChange={(e) => set("removeToken", e.target.checked)} />
              {t("removeToken")}
            </label>
          ) : null}
        </CardBody>
      </Card>
      <DnsAutomationHealthCard />
      <OAuthAppsCard view={initial.oauth} value={oauth} onChange={setOAuth} />
      <SmtpSettingsCard view={initial.smtp} value={smtp} onChange={setSmtp} />
      <FormAlert>{error}</FormAlert>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t("saving") : t("save")}
        </Button>
      </div>
    </form>
  );
}
