"use client";

import { useTranslations } from "next-intl";
import { useQuery } from "@tanstack/react-query";
import { QueryState } from "@/components/ui/query-state";
import { useTRPC } from "@/lib/trpc/client";
import { AvatarCard } from "./avatar-card";
import { ChangePasswordCard } from "./change-password-card";
import { EmailChangeCard } from "./email-change-card";
import { ProfileDetailsCard } from "./profile-details-card";
import { KubeconfigsCard } from "./kubeconfigs-card";
import { SessionsCard } from "./sessions-card";

export function ProfilePanel() {
  const t = useTranslations("profile");
  const trpc = useTRPC();
  const profile = useQuery(trpc.profile.get.queryOptions());
  return (
    <>
      <QueryState query={profile} failedMessage={(message) => t("loadFailed", { message })}>
        {(data) => (
          <>
            <AvatarCard profile={data} />
            <ProfileDetailsCard key={`${data.display_name}|${data.locale}`} profile={data} />
            <EmailChangeCard profile={data} />
            <ChangePasswordCard profile={data} />
          </>
        )}
      </QueryState>
      <SessionsCard />
      <KubeconfigsCard />
    </>
  );
}
