import { apiKeysRouter } from "./routers/api-keys";
import { meRouter } from "./routers/me";
import { createCallerFactory, router } from "./trpc";

export const appRouter = router({
  me: meRouter,
  apiKeys: apiKeysRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
