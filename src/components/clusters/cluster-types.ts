import type { RouterInputs, RouterOutputs } from "@/lib/trpc/router-types";

export type ClusterItem = RouterOutputs["clusters"]["get"];
export type ClusterOperationItem = RouterOutputs["clusters"]["listOperations"]["items"][number];
export type ConnectionEventItem = RouterOutputs["clusters"]["connectionEvents"]["items"][number];
export type JoinTokenItem = RouterOutputs["joinTokens"]["list"]["items"][number];
export type NodeItem = RouterOutputs["nodes"]["list"]["items"][number];
export type NodeEventItem = RouterOutputs["nodes"]["events"]["items"][number];
export type NodeEventType = NonNullable<RouterInputs["nodes"]["events"]["type"]>;
export type NodeHealth = RouterOutputs["nodes"]["health"];
export type DrainResult = RouterOutputs["nodes"]["drain"];
export type DrainOutcome = DrainResult["pods"][number]["outcome"];
export type HostnameBindingItem = RouterOutputs["hostnameBindings"]["list"]["items"][number];
