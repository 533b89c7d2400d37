import { z } from "zod";

export const userRoles = ["user", "admin"] as const;
export const userRoleSchema = z.enum(userRoles);
export type UserRole = z.infer<typeof userRoleSchema>;

/** How the caller proved who they are: a browser session cookie or an API key. */
export const authMethods = ["session", "api_key"] as const;
export const authMethodSchema = z.enum(authMethods);
export type AuthMethod = z.infer<typeof authMethodSchema>;

/** Who is calling, however they authenticated. */
export interface Viewer {
  id: string;
  email: string;
  name: string;
  role: UserRole;
  auth: { method: "session"; sessionId: string } | { method: "api_key"; apiKeyId: string };
}

export const isAdmin = (viewer: Pick<Viewer, "role">) => viewer.role === "admin";
