"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { signOut } from "next-auth/react";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/trpc/error-message";
import { useTRPC } from "@/lib/trpc/client";

/** Ends every session of the signed-in user (including this one), then returns to the login page. */
export function SignOutEverywhere() {
  const t = useTranslations("dashboard.security");
  const tc = useTranslations("common");
  const toast = useToast();
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);

  const revokeAll = useMutation(
    trpc.me.signOutEverywhere.mutationOptions({
      // This session is already revoked; signOut only clears the cookie and navigates.
      onSuccess: () => signOut({ callbackUrl: "/login" }),
      onError: (error) => toast.error(t("failed", { message: errorMessage(error, tc("unknownError")) })),
    }),
  );

  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)} data-testid="sign-out-everywhere">
        {t("action")}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        dismissible={!revokeAll.isPending}
        title={t("dialogTitle")}
        description={t("dialogBody")}
        testId="sign-out-everywhere-dialog"
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={revokeAll.isPending}>
              {tc("cancel")}
            </Button>
            <Button variant="danger" disabled={revokeAll.isPending} onClick={() => revokeAll.mutate()}>
              {revokeAll.isPending ? t("confirming") : t("confirm")}
            </Button>
          </>
        }
      />
    </>
  );
}
