import { z } from "zod";

/** Path parameter of every /clusters/{cluster_id}… route. */
export const clusterIdParam = z.string().trim().min(1, "Give a cluster id such as cl_….").max(64);
