import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/api/root";

type Outputs = inferRouterOutputs<AppRouter>;
export type ClusterItem = Outputs["clusters"]["get"];
export type ClusterOperationItem = Outputs["clusters"]["listOperations"]["items"][number];
export type JoinTokenItem = Outputs["joinTokens"]["list"]["items"][number];
export type NodeItem = Outputs["nodes"]["list"]["items"][number];
