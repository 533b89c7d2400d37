"use client";

import type { ReactNode } from "react";
import { ThemeProvider } from "@/components/theme/theme-provider";
import type { ThemePreference } from "@/components/theme/theme";
import { ToastProvider } from "@/components/ui/toast";
import { TRPCReactProvider } from "@/lib/trpc/client";

export function AppProviders({ themePreference, children }: { themePreference: ThemePreference; children: ReactNode }) {
  return (
    <ThemeProvider initialPreference={themePreference}>
      <TRPCReactProvider>
        <ToastProvider>{children}</ToastProvider>
      </TRPCReactProvider>
    </ThemeProvider>
  );
}
