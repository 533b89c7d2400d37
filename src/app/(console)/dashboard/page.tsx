import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { SignOutEverywhere } from "@/components/account/sign-out-everywhere";
import { PlanUsageCard } from "@/components/billing/plan-usage-card";
import { PageHeader } from "@/components/shell/page-header";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { getServerCaller, getViewer } from "@/app/_server/server-caller";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("dashboard");
  return { title: t("title") };
}

export default async function DashboardPage() {
  // Layouts and pages render independently, so the page checks the session itself as well.
  const viewer = await getViewer();
  if (!viewer) redirect("/login");
  const t = await getTranslations();
  const role = t(`roles.${viewer.role}`);
  const usage = await (await getServerCaller()).plans.usage();

  return (
    <>
      <PageHeader title={t("dashboard.welcome", { name: viewer.name })} />
      <p className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
        <span>{t("dashboard.roleLabel")}</span>
        <Badge tone={viewer.role === "admin" ? "info" : "neutral"} data-testid="viewer-role">
          {role}
        </Badge>
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <PlanUsageCard usage={usage} showLink />
        <Card>
          <CardHeader title={t("dashboard.apiKeysTitle")} description={t("dashboard.apiKeysDescription")} />
          <CardBody>
            <Link href="/api-keys" className={buttonClasses("secondary", "sm")}>
              {t("dashboard.apiKeysLink")}
            </Link>
          </CardBody>
        </Card>
        {viewer.role === "admin" ? (
          <Card>
            <CardHeader title={t("dashboard.adminTitle")} description={t("dashboard.adminDescription")} />
            <CardBody>
              <Link href="/admin" className={buttonClasses("secondary", "sm")}>
                {t("dashboard.adminLink")}
              </Link>
            </CardBody>
          </Card>
        ) : null}
        <Card>
          <CardHeader title={t("dashboard.security.title")} description={t("dashboard.security.description")} />
          <CardBody>
            <SignOutEverywhere />
          </CardBody>
        </Card>
      </div>
    </>
  );
}
