import type { RouterOutputs } from "@/lib/trpc/router-types";

export type KubeconfigCredentialItem = RouterOutputs["kubeconfigs"]["listMine"]["items"][number];

/** Hands text to the browser as a file download (kubeconfigs hold credentials: never cached, never stored). */
export function saveTextFile(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "application/yaml" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
