import type { ReactNode } from "react";
import { redirect } from "next/navigation";
import { ConsoleShell } from "@/components/shell/console-shell";
import { getViewer } from "@/server/api/server-caller";

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const viewer = await getViewer();
  if (!viewer) redirect("/login");
  return <ConsoleShell viewer={viewer}>{children}</ConsoleShell>;
}
