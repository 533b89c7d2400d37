import { readSystemSettings } from "@/server/services/settings/read-system-settings";
import type { AccountDeps } from "./account-deps";

/**
 * Where links in account emails point: the admin's `public_base_url` system
 * setting when set (it can change without a restart), else KUBEBYON_PUBLIC_URL.
 */
export async function consoleBaseUrl(deps: AccountDeps): Promise<string> {
  const { publicBaseUrl } = await readSystemSettings(deps);
  return (publicBaseUrl ?? deps.publicUrl).replace(/\/+$/, "");
}
