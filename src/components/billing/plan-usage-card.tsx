import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import type { PlanUsageData } from "./billing-types";

/** The viewer's current plan and cluster count (Plan page and dashboard); the page fetches `usage`. */
export async function PlanUsageCard({ usage, showLink = false }: { usage: PlanUsageData; showLink?: boolean }) {
  const [t, format] = await Promise.all([getTranslations("billingPlan"), getFormatter()]);
  const { plan } = usage;
  return (
    <Card data-testid="plan-usage-card">
      <CardHeader
        title={t("currentTitle")}
        description={
          usage.source === "order" && usage.granted_until
            ? t("source.order", { until: format.dateTime(new Date(usage.granted_until), { dateStyle: "medium" }) })
            : plan
              ? t("source.default")
              : t("noPlan")
        }
      />
      <CardBody className="space-y-3 text-sm">
        {plan ? (
          <p className="flex flex-wrap items-center gap-2">
            <span className="text-base font-semibold" data-testid="current-plan-name">
              {plan.name}
            </span>
            <Badge tone={usage.source === "order" ? "success" : "info"}>{t(`sourceBadge.${usage.source}`)}</Badge>
          </p>
        ) : null}
        <dl className="grid grid-cols-2 gap-2">
          <dt className="text-zinc-500 dark:text-zinc-400">{t("clusters")}</dt>
          <dd data-testid="plan-clusters-usage">
            {usage.clusters.allowed === null ? t("usedUnlimited", { used: usage.clusters.used }) : t("usedOf", { used: usage.clusters.used, allowed: usage.clusters.allowed })}
          </dd>
          {plan ? (
            <>
              <dt className="text-zinc-500 dark:text-zinc-400">{t("nodesPerCluster")}</dt>
              <dd>{plan.node_quota}</dd>
              <dt className="text-zinc-500 dark:text-zinc-400">{t("resourceQuota")}</dt>
              <dd>{plan.cpu_quota ? t("resources", { cpu: plan.cpu_quota, memory: plan.memory_quota ?? "" }) : t("noResourceQuota")}</dd>
              <dt className="text-zinc-500 dark:text-zinc-400">{t("admission.maxPods")}</dt>
              <dd data-testid="plan-admission-max-pods">{plan.admission_max_pods ?? t("unlimited")}</dd>
              <dt className="text-zinc-500 dark:text-zinc-400">{t("admission.podRequests")}</dt>
              <dd data-testid="plan-admission-pod-requests">
                {t("admission.requests", { cpu: plan.admission_pod_cpu_requests ?? t("unlimited"), memory: plan.admission_pod_memory_requests ?? t("unlimited") })}
              </dd>
              <dt className="text-zinc-500 dark:text-zinc-400">{t("admission.podSecurity")}</dt>
              <dd data-testid="plan-admission-pod-security">{podSecurity(plan, t)}</dd>
              <dt className="text-zinc-500 dark:text-zinc-400">{t("kubeconfigMaxTtl")}</dt>
              <dd data-testid="plan-kubeconfig-max-ttl">
                {plan.kubeconfig_max_ttl_seconds === null ? t("unlimited") : t("hours", { hours: Math.round((plan.kubeconfig_max_ttl_seconds / 3600) * 10) / 10 })}
              </dd>
            </>
          ) : null}
        </dl>
        {plan ? <p className="text-xs text-zinc-500 dark:text-zinc-400">{t("admission.enforcedNote")}</p> : null}
        {showLink ? (
          <Link href="/plan" className={buttonClasses("secondary", "sm")}>
            {t("details")}
          </Link>
        ) : null}
      </CardBody>
    </Card>
  );
}

/** The plan's pod-security switches as one line ("no restrictions" when none is on). */
function podSecurity(
  plan: Pick<NonNullable<PlanUsageData["plan"]>, "admission_deny_host_namespaces" | "admission_deny_privileged" | "admission_deny_host_path">,
  t: (key: "admission.denyHostNamespaces" | "admission.denyPrivileged" | "admission.denyHostPath" | "admission.noRestrictions") => string,
): string {
  const denied = [
    plan.admission_deny_host_namespaces ? t("admission.denyHostNamespaces") : null,
    plan.admission_deny_privileged ? t("admission.denyPrivileged") : null,
    plan.admission_deny_host_path ? t("admission.denyHostPath") : null,
  ].filter((v) => v !== null);
  return denied.length > 0 ? denied.join(" · ") : t("admission.noRestrictions");
}
