"use client";

import { useTranslations } from "next-intl";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { PublicAccessProvider } from "@/server/domain/clusters/public-access-provider";
import { loadBalancerHintKind, type PublicAccessForm } from "./public-access-form";

type Props = {
  /** Prefix for the controls' ids, so two forms on one page do not collide. */
  idPrefix: string;
  value: PublicAccessForm;
  onChange: (next: PublicAccessForm) => void;
  /** The deployment's KUBEBYON_PUBLIC_ACCESS_PROVIDER: what loadbalancer means here, and so what the host must be. */
  provider: PublicAccessProvider;
};

/**
 * Public access on/off, its mode and the control plane host, with the hints of plan §5.9: what
 * each mode means on this platform's provider, and that LoadBalancer needs a long-lived host (behind the
 * SNI-routing edges: a DNS name). Shared by create and edit.
 */
export function PublicAccessFields({ idPrefix, value, onChange, provider }: Props) {
  const t = useTranslations("clusters.accessFields");
  const tc = useTranslations("common");
  const loadbalancer = value.enabled && value.mode === "loadbalancer";
  const lbHint = loadBalancerHintKind(provider);
  return (
    <>
      <Field id={`${idPrefix}-public-access`} label={t("publicAccess")} hint={value.enabled ? undefined : t("offHint")}>
        {(control) => (
          <Select {...control} value={value.enabled ? "on" : "off"} onChange={(e) => onChange({ ...value, enabled: e.target.value === "on" })}>
            <option value="on">{t("publicAccessOn")}</option>
            <option value="off">{t("publicAccessOff")}</option>
          </Select>
        )}
      </Field>
      {value.enabled ? (
        <Field id={`${idPrefix}-mode`} label={t("mode")} hint={value.mode === "nodeport" ? t("nodeportHint") : t(`loadbalancerHint.${lbHint}`)}>
          {(control) => (
            <Select {...control} value={value.mode} onChange={(e) => onChange({ ...value, mode: e.target.value === "loadbalancer" ? "loadbalancer" : "nodeport" })}>
              <option value="nodeport">{t("modeNodeport")}</option>
              <option value="loadbalancer">{t("modeLoadbalancer")}</option>
            </Select>
          )}
        </Field>
      ) : null}
      <Field
        id={`${idPrefix}-host`}
        label={t("host")}
        optionalText={loadbalancer ? undefined : tc("optional")}
        hint={loadbalancer ? t(`hostHintLoadbalancer.${lbHint}`) : t("hostHint")}
      >
        {(control) => <Input {...control} name="control_plane_host" autoComplete="off" value={value.host} onChange={(e) => onChange({ ...value, host: e.target.value })} />}
      </Field>
    </>
  );
}
