import { router } from "@/server/api/trpc";
import { getSystemSettings } from "./get-system-settings";
import { sendTestEmail } from "./send-test-email";
import { updateSystemSettings } from "./update-system-settings";

export const settingsRouter = router({ get: getSystemSettings, update: updateSystemSettings, sendTestEmail });
