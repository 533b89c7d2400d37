"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/trpc/error-message";
import { useTRPC } from "@/lib/trpc/client";

type Confirm = "role" | "disable" | null;

/** Role change, disable and re-enable for one user, each behind a confirm dialog; the server page re-renders afterwards. */
export function UserActions({ user }: { user: { id: string; email: string; role: "user" | "admin"; status: "active" | "disabled" } }) {
  const t = useTranslations("adminUsers");
  const tc = useTranslations("common");
  const trpc = useTRPC();
  const router = useRouter();
  const toast = useToast();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const nextRole = user.role === "admin" ? "user" : "admin";
  const failed = (error: unknown) => toast.error(t("failed", { message: errorMessage(error, tc("unknownError")) }));
  const done = (message: string) => {
    toast.success(message);
    setConfirm(null);
    router.refresh();
  };

  const changeRole = useMutation(trpc.adminUsers.changeRole.mutationOptions({ onSuccess: (u) => done(t("roleChanged", { email: u.email, role: t(`roles.${u.role}`) })), onError: failed }));
  const disable = useMutation(
    trpc.adminUsers.disable.mutationOptions({
      onSuccess: (r) => done(t("disabled", { email: r.user.email, sessions: r.revoked_sessions, keys: r.revoked_api_keys })),
      onError: failed,
    }),
  );
  const enable = useMutation(trpc.adminUsers.enable.mutationOptions({ onSuccess: (u) => done(t("enabled", { email: u.email })), onError: failed }));
  const pending = changeRole.isPending || disable.isPending || enable.isPending;

  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" disabled={pending} onClick={() => setConfirm("role")}>
        {nextRole === "admin" ? t("makeAdmin") : t("makeUser")}
      </Button>
      {user.status === "active" ? (
        <Button variant="danger" disabled={pending} onClick={() => setConfirm("disable")}>
          {t("disable")}
        </Button>
      ) : (
        <Button disabled={pending} onClick={() => enable.mutate({ user_id: user.id })}>
          {t("enable")}
        </Button>
      )}
      <Dialog
        open={confirm === "role"}
        onClose={() => setConfirm(null)}
        dismissible={!pending}
        title={t("roleTitle", { email: user.email })}
        description={nextRole === "admin" ? t("roleBodyAdmin") : t("roleBodyUser")}
        testId="change-role-dialog"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirm(null)} disabled={pending}>
              {tc("cancel")}
            </Button>
            <Button disabled={pending} onClick={() => changeRole.mutate({ user_id: user.id, role: nextRole })}>
              {pending ? t("working") : t("roleConfirm")}
            </Button>
          </>
        }
      />
      <Dialog
        open={confirm === "disable"}
        onClose={() => setConfirm(null)}
        dismissible={!pending}
        title={t("disableTitle", { email: user.email })}
        description={t("disableBody")}
        testId="disable-user-dialog"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirm(null)} disabled={pending}>
              {tc("cancel")}
            </Button>
            <Button variant="danger" disabled={pending} onClick={() => disable.mutate({ user_id: user.id })}>
              {pending ? t("working") : t("disableConfirm")}
            </Button>
          </>
        }
      />
    </div>
  );
}
