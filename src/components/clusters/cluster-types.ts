import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/api/root";

type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;
export type ClusterItem = Outputs["clusters"]["get"];
export type ClusterOperationItem = Outputs["clusters"]["listOperations"]["items"][number];
export type JoinTokenItem = Outputs["joinTokens"]["list"]["items"][number];
export type NodeItem = Outputs["nodes"]["list"]["items"][number];
export type NodeEventItem = Outputs["nodes"]["events"]["items"][number];
export type NodeEventType = NonNullable<Inputs["nodes"]["events"]["type"]>;
export type DrainResult = Outputs["nodes"]["drain"];
export type DrainOutcome = DrainResult["pods"][number]["outcome"];
