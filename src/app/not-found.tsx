import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { buttonClasses } from "@/components/ui/button";

export default async function NotFound() {
  const t = await getTranslations("notFound");
  return (
    // Not <main>: inside the console this renders within the shell's own <main>.
    <div className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("body")}</p>
      <Link href="/dashboard" className={buttonClasses("secondary")}>
        {t("back")}
      </Link>
    </div>
  );
}
