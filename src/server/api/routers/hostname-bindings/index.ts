import { router } from "@/server/api/trpc";
import { checkHostnameBindings } from "./check-hostname-bindings";
import { createHostnameBinding } from "./create-hostname-binding";
import { deleteHostnameBinding } from "./delete-hostname-binding";
import { listHostnameBindings } from "./list-hostname-bindings";

export const hostnameBindingsRouter = router({ list: listHostnameBindings, create: createHostnameBinding, delete: deleteHostnameBinding, check: checkHostnameBindings });
