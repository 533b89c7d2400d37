import { router } from "@/server/api/trpc";
import { cordonNode } from "./cordon-node";
import { deleteNode } from "./delete-node";
import { drainNode } from "./drain-node";
import { getNode } from "./get-node";
import { getNodeHealth } from "./get-node-health";
import { listNodeEvents } from "./list-node-events";
import { listNodes } from "./list-nodes";
import { uncordonNode } from "./uncordon-node";

export const nodesRouter = router({
  list: listNodes,
  get: getNode,
  events: listNodeEvents,
  health: getNodeHealth,
  cordon: cordonNode,
  uncordon: uncordonNode,
  drain: drainNode,
  delete: deleteNode,
});
