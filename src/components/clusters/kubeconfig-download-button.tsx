"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/trpc/error-message";
import { useTRPC } from "@/lib/trpc/client";
import type { ClusterItem } from "./cluster-types";

/**
 * Fetches the kubeconfig on click (it holds credentials, so it is never cached) and hands it to the
 * browser as a file. The server refuses with a clear 409 when public access is off; that message is shown.
 */
export function KubeconfigDownloadButton({ cluster }: { cluster: Pick<ClusterItem, "id" | "vcluster_name"> }) {
  const t = useTranslations("clusters.detail.connection");
  const tt = useTranslations("clusters.toast");
  const tc = useTranslations("common");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [pending, setPending] = useState(false);

  async function download() {
    setPending(true);
    try {
      const result = await queryClient.fetchQuery({ ...trpc.clusters.kubeconfig.queryOptions({ cluster_id: cluster.id }), staleTime: 0, gcTime: 0 });
      const url = URL.createObjectURL(new Blob([result.kubeconfig], { type: "application/yaml" }));
      const link = document.createElement("a");
      link.href = url;
      link.download = `${cluster.vcluster_name}.kubeconfig`;
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      toast.error(tt("kubeconfigFailed", { message: errorMessage(error, tc("unknownError")) }));
    } finally {
      setPending(false);
    }
  }

  return (
    <Button variant="secondary" size="sm" disabled={pending} onClick={() => void download()} data-testid="kubeconfig-download">
      {pending ? t("downloading") : t("downloadKubeconfig")}
    </Button>
  );
}
