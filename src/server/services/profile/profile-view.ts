import { z } from "zod";
import { userRoleSchema } from "@/server/domain/auth/viewer";
import { isUserLocale, userLocaleSchema } from "@/server/domain/profile/user-locale";
import type { User } from "@/server/infra/db/client";

/** The signed-in user's own profile as the API shows it (snake_case at the boundary). */
export const profileViewSchema = z.object({
  id: z.string(),
  email: z.string(),
  display_name: z.string(),
  locale: userLocaleSchema.nullable(),
  avatar_url: z.string().nullable(),
  /** False for accounts that only sign in through GitHub/Google: they set a first password without a current one. */
  has_password: z.boolean(),
  role: userRoleSchema,
  created_at: z.string(),
});
export type ProfileView = z.infer<typeof profileViewSchema>;

export function toProfileView(user: User): ProfileView {
  return {
    id: user.id,
    email: user.email,
    display_name: user.name,
    locale: isUserLocale(user.locale) ? user.locale : null,
    avatar_url: user.avatarUrl,
    has_password: user.passwordHash !== null,
    role: user.role,
    created_at: user.createdAt.toISOString(),
  };
}
