import type { ComponentProps, ReactNode } from "react";
import { Button } from "./button";

/** A form-level error (e.g. the server's message), announced to screen readers. */
export function FormAlert({ children, ...props }: ComponentProps<"p">) {
  if (!children) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950 dark:text-red-300" {...props}>
      {children}
    </p>
  );
}

/** The cancel + submit row at the bottom of a dialog form. */
export function FormActions({ cancelLabel, submitLabel, pending, onCancel }: { cancelLabel: ReactNode; submitLabel: ReactNode; pending: boolean; onCancel: () => void }) {
  return (
    <div className="flex flex-wrap justify-end gap-2 pt-2">
      <Button variant="secondary" onClick={onCancel} disabled={pending}>
        {cancelLabel}
      </Button>
      <Button type="submit" disabled={pending}>
        {submitLabel}
      </Button>
    </div>
  );
}
