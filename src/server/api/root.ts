import { adminRouter } from "./routers/admin";
import { apiKeysRouter } from "./routers/api-keys";
import { clustersRouter } from "./routers/clusters";
import { meRouter } from "./routers/me";
import { createCallerFactory, router } from "./trpc";

export const appRouter = router({
  me: meRouter,
  apiKeys: apiKeysRouter,
  admin: adminRouter,
  clusters: clustersRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
