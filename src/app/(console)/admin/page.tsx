import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/shell/page-header";
import { Card, CardBody } from "@/components/ui/card";
import { getViewer } from "@/server/api/server-caller";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin");
  return { title: t("title") };
}

export default async function AdminOverviewPage() {
  const viewer = await getViewer();
  // Non-admins get the same 404 as for a page that does not exist: the admin area is not advertised.
  if (viewer?.role !== "admin") notFound();
  const t = await getTranslations("admin");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <Card>
        <CardBody className="text-sm">{t("signedInAs", { email: viewer.email })}</CardBody>
      </Card>
    </>
  );
}
