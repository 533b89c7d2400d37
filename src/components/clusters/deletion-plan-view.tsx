"use client";

import { useTranslations } from "next-intl";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/trpc/error-message";
import { useTRPC } from "@/lib/trpc/client";
import type { ClusterItem } from "./cluster-types";

/** The delete dialog's body: joined nodes with their reset commands (on request) and the object groups a delete removes. */
export function DeletionPlanView({ cluster }: { cluster: ClusterItem }) {
  const t = useTranslations("clusters.detail.deletionPlan");
  const tc = useTranslations("common");
  const trpc = useTRPC();
  const plan = useQuery(trpc.clusters.deletionPlan.queryOptions({ cluster_id: cluster.id }));
  const reset = useMutation(trpc.joinTokens.resetCommands.mutationOptions());

  if (plan.isPending) return <p className="text-sm text-zinc-500">{tc("loading")}</p>;
  if (plan.isError) return <p className="text-sm text-red-700 dark:text-red-300">{errorMessage(plan.error, tc("unknownError"))}</p>;
  const p = plan.data;
  const commandFor = (node: string) => reset.data?.commands.find((c) => c.node_name === node)?.command;
  const groups: Array<[string, number, string[]]> = [
    [t("groups.volumes"), p.host.volume_claims.count, p.host.volume_claims.items.map((c) => (c.volume ? `${c.name} → ${c.volume.name} (${c.volume.reclaim_policy ?? "?"})` : c.name))],
    [t("groups.dns"), p.dns_records.count, [...(p.dns_records.cname_target ? [p.dns_records.cname_target] : []), ...p.dns_records.hostname_bindings]],
    [t("groups.tokens"), p.join_tokens.count, p.join_tokens.items.map((tok) => tok.token_id)],
    [t("groups.routePlans"), p.route_plans.count, p.route_plans.items],
    [t("groups.kubeconfigs"), p.kubeconfig_credentials.count, p.kubeconfig_credentials.items.map((k) => `${k.user_id} (${k.access})`)],
  ];

  return (
    <div className="space-y-4 text-sm" data-testid="deletion-plan">
      <section className="space-y-2">
        <h3 className="font-medium">{t("nodes", { count: p.nodes.count })}</h3>
        {p.nodes.count > 0 ? (
          <>
            <p className="text-zinc-600 dark:text-zinc-400">{t("resetFirst")}</p>
            <ul className="space-y-2">
              {p.nodes.items.map((n) => (
                <li key={n.name} data-testid="deletion-plan-node">
                  <span className="font-mono">{n.name}</span> <span className="text-zinc-500">{n.internal_ip ?? ""} · {n.status}</span>
                  {commandFor(n.name) ? <pre className="mt-1 overflow-x-auto rounded bg-zinc-100 p-2 text-xs dark:bg-zinc-900" data-testid="reset-command">{commandFor(n.name)}</pre> : null}
                </li>
              ))}
            </ul>
            {cluster.status === "ready" && !reset.data ? (
              <Button variant="secondary" disabled={reset.isPending} onClick={() => reset.mutate({ cluster_id: cluster.id })} data-testid="create-reset-commands">
                {reset.isPending ? t("creatingReset") : t("createReset")}
              </Button>
            ) : null}
            {reset.isError ? <p className="text-red-700 dark:text-red-300">{errorMessage(reset.error, tc("unknownError"))}</p> : null}
          </>
        ) : null}
      </section>
      <section className="space-y-1">
        <h3 className="font-medium">{t("removed")}</h3>
        <ul className="list-disc space-y-1 pl-5">
          <li>{t("namespace", { namespace: p.host.namespace, release: p.host.helm_release })}</li>
          {p.host.tls_route ? <li>{t("tlsRoute", { name: p.host.tls_route })}</li> : null}
          {groups.map(([label, count, names]) => (
            <li key={label}>
              {label}: {count}
              {names.length > 0 ? <span className="font-mono text-xs text-zinc-500"> — {names.join(", ")}</span> : null}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
