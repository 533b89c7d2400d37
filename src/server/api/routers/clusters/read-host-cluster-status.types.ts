import { z } from "zod";
import { hostClusterStatusSchema } from "@/server/services/clusters/read-host-cluster-status";

// tRPC only (the console's cluster pages ask it); REST clients learn the same from POST /clusters's 503 and 400.
export const readHostClusterStatusInput = z.void();
export const readHostClusterStatusOutput = hostClusterStatusSchema;
