import type { RouterOutputs } from "@/lib/trpc/router-types";

type Outputs = RouterOutputs["profile"];
export type Profile = Outputs["get"];
export type OwnSession = Outputs["listSessions"]["items"][number];
