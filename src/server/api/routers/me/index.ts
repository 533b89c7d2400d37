import { router } from "@/server/api/trpc";
import { getMe } from "./get-me";
import { signOutEverywhere } from "./sign-out-everywhere";

export const meRouter = router({ get: getMe, signOutEverywhere });
