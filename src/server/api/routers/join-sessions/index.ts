import { router } from "@/server/api/trpc";
import { getJoinSession } from "./get-join-session";
import { listJoinSessions } from "./list-join-sessions";

export const joinSessionsRouter = router({ list: listJoinSessions, get: getJoinSession });
