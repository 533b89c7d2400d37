"use client";

import { useTranslations } from "next-intl";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/trpc/error-message";
import { useTRPC } from "@/lib/trpc/client";
import type { NodeItem } from "./cluster-types";
import { useInvalidateNodes } from "./use-node-invalidation";

type Props = {
  clusterId: string;
  node: Pick<NodeItem, "name" | "unschedulable">;
  /** Drain and delete need a confirmation; the parent owns those dialogs. */
  onDrain: () => void;
  onDelete: () => void;
};

/** Cordon/uncordon at once; drain and delete through the parent's confirm dialogs. */
export function NodeActions({ clusterId, node, onDrain, onDelete }: Props) {
  const t = useTranslations("clusters.detail.nodes.actions");
  const tt = useTranslations("clusters.toast");
  const tc = useTranslations("common");
  const trpc = useTRPC();
  const toast = useToast();
  const hydrated = useHydrated();
  const invalidate = useInvalidateNodes(clusterId);
  const handlers = {
    onSuccess: async (result: { unschedulable: boolean }) => {
      await invalidate();
      toast.success(result.unschedulable ? tt("nodeCordoned", { name: node.name }) : tt("nodeUncordoned", { name: node.name }));
    },
    onError: (error: unknown) => toast.error(tt("nodeActionFailed", { name: node.name, message: errorMessage(error, tc("unknownError")) })),
  };
  const cordon = useMutation(trpc.nodes.cordon.mutationOptions(handlers));
  const uncordon = useMutation(trpc.nodes.uncordon.mutationOptions(handlers));
  const busy = !hydrated || cordon.isPending || uncordon.isPending;
  const input = { cluster_id: clusterId, node_name: node.name };

  return (
    <div className="flex justify-end gap-1">
      {node.unschedulable ? (
        <Button variant="ghost" size="sm" disabled={busy} aria-label={t("uncordonLabel", { name: node.name })} onClick={() => uncordon.mutate(input)}>
          {t("uncordon")}
        </Button>
      ) : (
        <Button variant="ghost" size="sm" disabled={busy} aria-label={t("cordonLabel", { name: node.name })} onClick={() => cordon.mutate(input)}>
          {t("cordon")}
        </Button>
      )}
      <Button variant="ghost" size="sm" disabled={busy} aria-label={t("drainLabel", { name: node.name })} onClick={onDrain}>
        {t("drain")}
      </Button>
      <Button variant="ghost" size="sm" disabled={busy} aria-label={t("deleteLabel", { name: node.name })} onClick={onDelete} className="text-red-700 dark:text-red-300">
        {t("delete")}
      </Button>
    </div>
  );
}
