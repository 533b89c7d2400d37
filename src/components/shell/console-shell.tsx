import type { ReactNode } from "react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { LocaleSwitch } from "./locale-switch";
import { LogoutButton } from "./logout-button";
import { SidebarNav, type NavSection } from "./sidebar-nav";
import { ThemeSwitch } from "@/components/theme/theme-switch";
import { UserAvatar } from "@/components/profile/user-avatar";

export type ShellViewer = { name: string; email: string; role: "user" | "admin"; avatarUrl?: string | null };

/** The signed-in frame: navigation (admin section only for admins) and a header with user controls. */
export async function ConsoleShell({ viewer, children }: { viewer: ShellViewer; children: ReactNode }) {
  const t = await getTranslations();
  const sections: NavSection[] = [
    {
      id: "user",
      title: t("nav.userSection"),
      items: [
        { href: "/dashboard", label: t("nav.dashboard") },
        { href: "/clusters", label: t("nav.clusters") },
        { href: "/api-keys", label: t("nav.apiKeys") },
        { href: "/plan", label: t("billingNav.plan") },
        { href: "/activity", label: t("backofficeNav.myActivity") },
        { href: "/notifications", label: t("notificationsNav.mine") },
      ],
    },
  ];
  if (viewer.role === "admin") {
    sections.push({
      id: "admin",
      title: t("nav.adminSection"),
      items: [
        { href: "/admin", label: t("nav.adminOverview"), exact: true },
        { href: "/admin/cluster-jobs", label: t("nav.adminClusterJobs") },
        { href: "/admin/platform-health", label: t("backofficeNav.platformHealth") },
        { href: "/admin/plans", label: t("billingNav.adminPlans") },
        { href: "/admin/orders", label: t("billingNav.adminOrders") },
        { href: "/admin/users", label: t("backofficeNav.users") },
        { href: "/admin/settings", label: t("backofficeNav.settings") },
        { href: "/admin/activity", label: t("backofficeNav.activity") },
        { href: "/admin/notifications", label: t("notificationsNav.admin") },
      ],
    });
  }

  return (
    <div className="min-h-screen md:flex">
      <a
        href="#main"
        className="sr-only rounded-md bg-indigo-600 px-3 py-2 text-white focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
      >
        {t("app.skipToContent")}
      </a>
      <aside className="border-b border-zinc-200 bg-white px-3 py-4 md:w-60 md:shrink-0 md:border-r md:border-b-0 dark:border-zinc-800 dark:bg-zinc-900">
        <Link href="/dashboard" className="mb-6 block px-3 text-lg font-bold tracking-tight">
          {t("app.name")}
        </Link>
        <SidebarNav label={t("nav.label")} sections={sections} />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex flex-wrap items-center justify-end gap-3 border-b border-zinc-200 bg-white px-4 py-3 dark:border-zinc-800 dark:bg-zinc-900">
          <div className="mr-auto flex min-w-0 items-center gap-2 text-sm" data-testid="viewer">
            <Link href="/profile" className="flex min-w-0 items-center gap-2 rounded-md hover:underline" title={t("profile.headerLink")} data-testid="header-profile-link">
              <UserAvatar url={viewer.avatarUrl} name={viewer.name} testId="header-avatar" />
              <span className="font-medium" data-testid="viewer-name">
                {viewer.name}
              </span>
            </Link>
            <span className="text-zinc-500 dark:text-zinc-400">{t("header.signedInAs", { email: viewer.email })}</span>
          </div>
          <LocaleSwitch />
          <ThemeSwitch />
          <LogoutButton />
        </header>
        <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 md:px-8">
          <div className="mx-auto max-w-5xl space-y-6">{children}</div>
        </main>
      </div>
    </div>
  );
}
