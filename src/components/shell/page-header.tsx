import type { ReactNode } from "react";

export function PageHeader({ title, description }: { title: ReactNode; description?: ReactNode }) {
  return (
    <div className="space-y-1">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      {description ? <p className="max-w-3xl text-sm text-zinc-600 dark:text-zinc-400">{description}</p> : null}
    </div>
  );
}
