import { adminRouter } from "./routers/admin";
import { apiKeysRouter } from "./routers/api-keys";
import { meRouter } from "./routers/me";
import { createCallerFactory, router } from "./trpc";

export const appRouter = router({
  me: meRouter,
  apiKeys: apiKeysRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
