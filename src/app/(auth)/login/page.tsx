import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { AuthLinks, linkClass } from "@/components/accounts/auth-card";
import { LoginForm } from "@/components/auth/login-form";
import { OAuthButtons } from "@/components/auth/oauth-buttons";
import { Card, CardBody } from "@/components/ui/card";
import { getViewer } from "@/app/_server/server-caller";
import { configWithEffectiveOAuth } from "@/server/api/auth/effective-oauth-config";
import { enabledOAuthProviders } from "@/server/api/auth/oauth-providers";
import { getRuntime } from "@/server/composition/web-runtime";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("login");
  return { title: t("title") };
}

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ error?: string | string[] }> }) {
  if (await getViewer()) redirect("/dashboard");
  const { error } = await searchParams;
  const t = await getTranslations("login");
  const tl = await getTranslations("accountLinks");
  return (
    <Card className="w-full max-w-sm" aria-labelledby="login-title">
      <CardBody className="space-y-6 py-6">
        <div className="space-y-1">
          <h1 id="login-title" className="text-xl font-semibold">
            {t("title")}
          </h1>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("subtitle")}</p>
        </div>
        <LoginForm />
        <OAuthButtons providers={enabledOAuthProviders(await configWithEffectiveOAuth(getRuntime()))} error={typeof error === "string" ? error : undefined} />
        <AuthLinks>
          <Link href="/forgot-password" className={linkClass}>
            {tl("forgotPassword")}
          </Link>
        </AuthLinks>
        <AuthLinks>
          {tl("noAccount")}{" "}
          <Link href="/register" className={linkClass}>
            {tl("register")}
          </Link>
        </AuthLinks>
      </CardBody>
    </Card>
  );
}
