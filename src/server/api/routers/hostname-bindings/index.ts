import { router } from "@/server/api/trpc";
import { checkHostnameBindings } from "./check-hostname-bindings";

export const hostnameBindingsRouter = router({ check: checkHostnameBindings });
