import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/accounts/auth-card";
import { ResetPasswordForm } from "@/components/accounts/reset-password-form";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("resetPassword");
  // The page URL carries the reset token: never send it to another site as a Referer.
  return { title: t("title"), referrer: "no-referrer" };
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** Opened from the emailed link (`?token=`) or from "I have the code" (`?email=`). */
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const t = await getTranslations("resetPassword");
  return (
    <AuthCard titleId="reset-title" title={t("title")}>
      <ResetPasswordForm token={first(params.token) || undefined} initialEmail={first(params.email) ?? ""} />
    </AuthCard>
  );
}
