"use client";

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useTranslations } from "next-intl";
import { cn } from "./cn";
import { useHydrated } from "./use-hydrated";

export type ToastTone = "success" | "error" | "info";
type ToastItem = { id: number; tone: ToastTone; message: string };

export type ToastApi = {
  show: (message: string, tone?: ToastTone) => void;
  success: (message: string) => void;
  error: (message: string) => void;
};

type ToastHostApi = { register: (host: HTMLElement) => () => void };

const ToastContext = createContext<ToastApi | null>(null);
const ToastHostContext = createContext<ToastHostApi | null>(null);

const DISMISS_AFTER_MS: Record<ToastTone, number> = { success: 5000, info: 5000, error: 10000 };

const TONE_CLASSES: Record<ToastTone, string> = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100",
  error: "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100",
  info: "border-zinc-300 bg-white text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100",
};

/**
 * Holds the toast queue and renders one polite live region. While a modal dialog is open the rest
 * of the page is inert and hidden behind the backdrop, so the region moves into the topmost open
 * dialog (dialogs register themselves as hosts) to stay visible and announced.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const t = useTranslations("common");
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const [hosts, setHosts] = useState<HTMLElement[]>([]);
  // document.body exists only in the browser; portals wait for hydration.
  const hydrated = useHydrated();
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
    const timer = timers.current.get(id);
    if (timer) clearTimeout(timer);
    timers.current.delete(id);
  }, []);

  const show = useCallback(
    (message: string, tone: ToastTone = "info") => {
      const id = nextId.current++;
      setToasts((current) => [...current, { id, tone, message }]);
      timers.current.set(id, setTimeout(() => dismiss(id), DISMISS_AFTER_MS[tone]));
    },
    [dismiss],
  );

  const api = useMemo<ToastApi>(
    () => ({ show, success: (m) => show(m, "success"), error: (m) => show(m, "error") }),
    [show],
  );

  const hostApi = useMemo<ToastHostApi>(
    () => ({
      register: (host) => {
        setHosts((current) => [...current, host]);
        return () => setHosts((current) => current.filter((h) => h !== host));
      },
    }),
    [],
  );

  const region = (
    <div
      role="status"
      aria-live="polite"
      data-testid="toast-region"
      className="pointer-events-none fixed right-4 bottom-4 z-50 flex w-full max-w-sm flex-col gap-2"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          data-tone={toast.tone}
          className={cn("pointer-events-auto flex items-start gap-3 rounded-md border px-4 py-3 text-sm shadow-lg", TONE_CLASSES[toast.tone])}
        >
          <p className="flex-1">{toast.message}</p>
          <button
            type="button"
            onClick={() => dismiss(toast.id)}
            aria-label={t("dismiss")}
            className="rounded px-1 leading-none opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-indigo-500"
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );

  const host = hosts.at(-1) ?? (hydrated ? document.body : null);

  return (
    <ToastContext.Provider value={api}>
      <ToastHostContext.Provider value={hostApi}>
        {children}
        {host ? createPortal(region, host) : null}
      </ToastHostContext.Provider>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast() must be used inside <ToastProvider>; wrap the page in AppProviders.");
  return api;
}

/** Lets a modal dialog host the toast region while it is open. Safe to call without a provider. */
export function useToastHost(): ToastHostApi | null {
  return useContext(ToastHostContext);
}
