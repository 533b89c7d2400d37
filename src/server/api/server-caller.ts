import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import { createApiContext } from "./context";
import { createCaller } from "./root";

/** tRPC caller for server components: same procedures, same checks, no HTTP hop. */
export const getServerCaller = cache(async () => {
  const h = new Headers(await headers());
  return createCaller(await createApiContext({ headers: h, method: "GET" }));
});

export interface ViewerSummary {
  id: string;
  email: string;
  name: string;
  role: "user" | "admin";
}

/** The signed-in user for page guards, or null (pages then redirect to /login). */
export const getViewer = cache(async (): Promise<ViewerSummary | null> => {
  const h = new Headers(await headers());
  const ctx = await createApiContext({ headers: h, method: "GET" });
  if (!ctx.viewer) return null;
  const { id, email, name, role } = ctx.viewer;
  return { id, email, name, role };
});
