import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/api/root";

type Outputs = inferRouterOutputs<AppRouter>["profile"];
export type Profile = Outputs["get"];
export type OwnSession = Outputs["listSessions"]["items"][number];
