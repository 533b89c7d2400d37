import { adminRouter } from "./routers/admin";
import { apiKeysRouter } from "./routers/api-keys";
import { clustersRouter } from "./routers/clusters";
import { joinTokensRouter } from "./routers/join-tokens";
import { meRouter } from "./routers/me";
import { nodesRouter } from "./routers/nodes";
import { createCallerFactory, router } from "./trpc";

export const appRouter = router({
  me: meRouter,
  apiKeys: apiKeysRouter,
  admin: adminRouter,
  clusters: clustersRouter,
  joinTokens: joinTokensRouter,
  nodes: nodesRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
