import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

const control = "h-9 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900";

/** A GET form: filters live in the URL, so results are linkable and the page stays a server component. */
export function FilterForm({ applyLabel, children, testId }: { applyLabel: string; children: ReactNode; testId?: string }) {
  return (
    <form method="get" className="flex flex-wrap items-end gap-3" data-testid={testId}>
      {children}
      <Button type="submit" variant="secondary" size="sm">
        {applyLabel}
      </Button>
    </form>
  );
}

export function FilterText({ name, label, defaultValue, type = "text" }: { name: string; label: string; defaultValue?: string; type?: "text" | "search" | "date" }) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span className="font-medium">{label}</span>
      <input type={type} name={name} defaultValue={defaultValue ?? ""} className={control} />
    </label>
  );
}

export function FilterSelect({ name, label, defaultValue, options }: { name: string; label: string; defaultValue?: string; options: Array<{ value: string; label: string }> }) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span className="font-medium">{label}</span>
      <select name={name} defaultValue={defaultValue ?? ""} className={control}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
