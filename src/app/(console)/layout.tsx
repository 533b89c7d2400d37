import type { ReactNode } from "react";
import { redirect } from "next/navigation";
import { ConsoleShell } from "@/components/shell/console-shell";
import { getServerCaller, getViewer } from "@/app/_server/server-caller";

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const viewer = await getViewer();
  if (!viewer) redirect("/login");
  // The header shows the avatar; its URL carries a content version, so a new upload shows after router.refresh().
  const { avatar_url } = await (await getServerCaller()).profile.get();
  return <ConsoleShell viewer={{ ...viewer, avatarUrl: avatar_url }}>{children}</ConsoleShell>;
}
