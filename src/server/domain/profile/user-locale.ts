import { z } from "zod";

/** Languages a user can choose for the emails sent to them (users.locale). */
export const userLocales = ["zh-CN", "en"] as const;
export const userLocaleSchema = z.enum(userLocales);
export type UserLocale = z.infer<typeof userLocaleSchema>;

export function isUserLocale(value: unknown): value is UserLocale {
  return typeof value === "string" && (userLocales as readonly string[]).includes(value);
}
