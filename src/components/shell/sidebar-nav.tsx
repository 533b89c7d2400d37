"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/components/ui/cn";

/** `exact`: active only on this path, not below it (for a section's landing page). */
export type NavItem = { href: string; label: string; exact?: boolean };
export type NavSection = { id: string; title: string; items: NavItem[] };

function isActive(pathname: string, item: NavItem): boolean {
  return pathname === item.href || (!item.exact && pathname.startsWith(`${item.href}/`));
}

/** Labels arrive translated from the server layout; this component only adds the active state. */
export function SidebarNav({ label, sections }: { label: string; sections: NavSection[] }) {
  const pathname = usePathname();
  return (
    <nav aria-label={label} className="space-y-6">
      {sections.map((section) => (
        <div key={section.id} data-testid={`nav-section-${section.id}`}>
          <h2 id={`nav-${section.id}`} className="px-3 pb-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
            {section.title}
          </h2>
          <ul aria-labelledby={`nav-${section.id}`} className="flex flex-wrap gap-1 md:flex-col">
            {section.items.map((item) => {
              const active = isActive(pathname, item);
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    aria-current={active ? "page" : undefined}
                    className={cn(
                      "block rounded-md px-3 py-2 text-sm font-medium",
                      active
                        ? "bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300"
                        : "text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800",
                    )}
                  >
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
