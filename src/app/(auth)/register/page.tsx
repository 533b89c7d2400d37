import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/accounts/auth-card";
import { RegisterForm } from "@/components/accounts/register-form";
import { getViewer } from "@/app/_server/server-caller";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("register");
  return { title: t("title") };
}

export default async function RegisterPage() {
  if (await getViewer()) redirect("/dashboard");
  const t = await getTranslations("register");
  return (
    <AuthCard titleId="register-title" title={t("title")} subtitle={t("subtitle")}>
      <RegisterForm />
    </AuthCard>
  );
}
