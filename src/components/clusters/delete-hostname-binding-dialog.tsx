"use client";

import { useTranslations } from "next-intl";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormAlert } from "@/components/ui/form-parts";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/trpc/error-message";
import { useTRPC } from "@/lib/trpc/client";
import type { HostnameBindingItem } from "./cluster-types";

export function DeleteHostnameBindingDialog({ clusterId, binding, onClose }: { clusterId: string; binding: HostnameBindingItem | null; onClose: () => void }) {
  const t = useTranslations("clusters.detail.bindings.deleteDialog");
  const tb = useTranslations("clusters.detail.bindings");
  const tc = useTranslations("common");
  const toast = useToast();
  const trpc = useTRPC();
  const queryClient = useQueryClient();

  const remove = useMutation(
    trpc.hostnameBindings.delete.mutationOptions({
      onSuccess: async (deleted) => {
        await queryClient.invalidateQueries({ queryKey: trpc.hostnameBindings.list.pathKey() });
        toast.success(tb("deleted", { hostname: deleted.hostname }));
        remove.reset();
        onClose();
      },
    }),
  );

  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    onClose();
  };

  return (
    <Dialog
      open={binding !== null}
      onClose={close}
      dismissible={!remove.isPending}
      title={t("title")}
      description={binding ? (binding.dns_management_scope === "platform_managed" ? t("bodyPlatform", { hostname: binding.hostname }) : t("bodySelf", { hostname: binding.hostname })) : undefined}
      testId="delete-hostname-binding-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={remove.isPending}>
            {tc("cancel")}
          </Button>
          <Button variant="danger" disabled={remove.isPending || !binding} onClick={() => binding && remove.mutate({ cluster_id: clusterId, binding_id: binding.id })}>
            {remove.isPending ? t("confirming") : t("confirm")}
          </Button>
        </>
      }
    >
      <FormAlert data-testid="delete-binding-error">{remove.isError ? errorMessage(remove.error, tc("unknownError")) : null}</FormAlert>
    </Dialog>
  );
}
