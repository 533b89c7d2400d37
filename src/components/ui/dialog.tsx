"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { useToastHost } from "./toast";

type DialogProps = {
  open: boolean;
  /** Called when the user dismisses the dialog (Esc, close button); the parent owns `open`. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** Blocks Esc and the close button, e.g. while a request is in flight. */
  dismissible?: boolean;
  testId?: string;
};

/**
 * Modal dialog on the native <dialog> element: showModal() gives the focus trap, inert background
 * and Esc handling; we add labelling, focus restore and keep the open state controlled.
 */
export function Dialog({ open, onClose, title, description, children, footer, dismissible = true, testId }: DialogProps) {
  const t = useTranslations("common");
  const ref = useRef<HTMLDialogElement>(null);
  const restoreFocusTo = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const descriptionId = useId();
  const toastHost = useToastHost();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      restoreFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog || !toastHost) return;
    return toastHost.register(dialog);
  }, [open, toastHost]);

  // Closing on unmount too, so a dialog removed while open does not leave the page inert.
  useEffect(() => {
    const dialog = ref.current;
    return () => dialog?.close();
  }, []);

  function restoreFocus() {
    const target = restoreFocusTo.current;
    restoreFocusTo.current = null;
    if (target?.isConnected) target.focus();
  }

  return (
    <dialog
      ref={ref}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      data-testid={testId}
      onCancel={(event) => {
        // Esc: keep React in charge of `open` instead of letting the browser close behind its back.
        event.preventDefault();
        if (dismissible) onClose();
      }}
      onClose={restoreFocus}
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-lg border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
    >
      {open ? (
        <div className="space-y-4 p-6">
          <div className="space-y-1 pr-8">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="text-sm text-zinc-600 dark:text-zinc-400">
                {description}
              </p>
            ) : null}
          </div>
          {children}
          {footer ? <div className="flex flex-wrap justify-end gap-2 pt-2">{footer}</div> : null}
          {/* Last in DOM order so showModal() focuses the first field or the safe action, not "close". */}
          <button
            type="button"
            onClick={onClose}
            disabled={!dismissible}
            aria-label={t("close")}
            className="absolute top-4 right-4 rounded px-2 text-xl leading-none text-zinc-500 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:opacity-40 dark:hover:text-zinc-100"
          >
            ×
          </button>
        </div>
      ) : null}
    </dialog>
  );
}
