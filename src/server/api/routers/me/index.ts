import { router } from "@/server/api/trpc";
import { getMe } from "./get-me";

export const meRouter = router({ get: getMe });
