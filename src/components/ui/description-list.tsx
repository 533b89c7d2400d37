import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";

/** Label/value rows inside a Card, e.g. a resource's facts. */
export function DescriptionList({ className, ...props }: ComponentProps<"dl">) {
  return <dl className={cn("divide-y divide-zinc-100 py-1 dark:divide-zinc-800", className)} {...props} />;
}

export function DescriptionRow({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="grid gap-1 px-5 py-2.5 sm:grid-cols-3">
      <dt className="text-sm text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="text-sm break-words sm:col-span-2" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
