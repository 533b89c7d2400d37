import { accountsRouter } from "./routers/accounts";
import { activityRouter } from "./routers/activity";
import { adminRouter } from "./routers/admin";
import { adminUsersRouter } from "./routers/admin-users";
import { apiKeysRouter } from "./routers/api-keys";
import { clustersRouter } from "./routers/clusters";
import { hostnameBindingsRouter } from "./routers/hostname-bindings";
import { joinSessionsRouter } from "./routers/join-sessions";
import { joinTokensRouter } from "./routers/join-tokens";
import { kubeconfigsRouter } from "./routers/kubeconfigs";
import { meRouter } from "./routers/me";
import { nodesRouter } from "./routers/nodes";
import { notificationsRouter } from "./routers/notifications";
import { ordersRouter } from "./routers/orders";
import { plansRouter } from "./routers/plans";
import { profileRouter } from "./routers/profile";
import { settingsRouter } from "./routers/settings";
import { createCallerFactory, router } from "./trpc";

export const appRouter = router({
  me: meRouter,
  apiKeys: apiKeysRouter,
  admin: adminRouter,
  clusters: clustersRouter,
  joinTokens: joinTokensRouter,
  joinSessions: joinSessionsRouter,
  hostnameBindings: hostnameBindingsRouter,
  nodes: nodesRouter,
  adminUsers: adminUsersRouter,
  settings: settingsRouter,
  activity: activityRouter,
  plans: plansRouter,
  orders: ordersRouter,
  accounts: accountsRouter,
  notifications: notificationsRouter,
  profile: profileRouter,
  kubeconfigs: kubeconfigsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
