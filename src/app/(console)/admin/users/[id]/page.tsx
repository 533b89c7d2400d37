import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getFormatter, getTranslations } from "next-intl/server";
import { TRPCError } from "@trpc/server";
import { UserActions } from "@/components/backoffice/user-actions";
import { PageHeader } from "@/components/shell/page-header";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { DescriptionList, DescriptionRow } from "@/components/ui/description-list";
import { getServerCaller, getViewer } from "@/app/_server/server-caller";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("adminUsers");
  return { title: t("detailTitle") };
}

export default async function AdminUserPage({ params }: { params: Promise<{ id: string }> }) {
  const viewer = await getViewer();
  if (viewer?.role !== "admin") notFound();
  const { id } = await params;
  const [t, tCluster, format, caller] = await Promise.all([getTranslations("adminUsers"), getTranslations("clusterStatus"), getFormatter(), getServerCaller()]);
  const user = await caller.adminUsers.get({ user_id: id }).catch((error: unknown) => {
    if (error instanceof TRPCError && error.code === "NOT_FOUND") notFound();
    throw error;
  });
  const time = (iso: string | null) => (iso ? format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" }) : t("never"));
  const isSelf = user.id === viewer.id;

  return (
    <>
      <Link href="/admin/users" className="text-sm text-indigo-700 hover:underline dark:text-indigo-300">
        ← {t("back")}
      </Link>
      <PageHeader title={user.email} description={user.name} />
      <Card>
        <CardHeader title={t("detailTitle")} />
        <DescriptionList>
          <DescriptionRow label={t("colRole")} testId="user-role">
            {t(`roles.${user.role}`)}
          </DescriptionRow>
          <DescriptionRow label={t("colStatus")} testId="user-status">
            <Badge tone={user.status === "active" ? "success" : "danger"}>{t(`statuses.${user.status}`)}</Badge>
          </DescriptionRow>
          <DescriptionRow label={t("emailVerified")}>{user.email_verified_at ? time(user.email_verified_at) : t("notVerified")}</DescriptionRow>
          <DescriptionRow label={t("colLastLogin")}>{time(user.last_login_at)}</DescriptionRow>
          <DescriptionRow label={t("colCreated")}>{time(user.created_at)}</DescriptionRow>
          <DescriptionRow label={t("activeSessions")} testId="user-sessions">
            {user.active_sessions}
          </DescriptionRow>
          <DescriptionRow label={t("activeApiKeys")} testId="user-api-keys">
            {user.active_api_keys}
          </DescriptionRow>
        </DescriptionList>
      </Card>
      <Card>
        <CardHeader title={t("actionsTitle")} />
        <CardBody>{isSelf ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("selfNote")}</p> : <UserActions user={user} />}</CardBody>
      </Card>
      <Card>
        <CardHeader title={t("clustersTitle")} />
        <CardBody>
          {user.clusters.length === 0 ? (
            <p className="text-sm text-zinc-500">{t("noClusters")}</p>
          ) : (
            <ul className="space-y-1 text-sm">
              {user.clusters.map((c) => (
                <li key={c.id}>
                  <Link href={`/clusters/${c.id}`} className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
                    {c.name}
                  </Link>{" "}
                  <code className="text-xs">{c.id}</code> · {tCluster(c.status)}
                </li>
              ))}
            </ul>
          )}
        </CardBody>
      </Card>
    </>
  );
}
