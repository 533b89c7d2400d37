import type { RouterOutputs } from "@/lib/trpc/router-types";

export type ApiKeyItem = RouterOutputs["apiKeys"]["list"]["items"][number];
