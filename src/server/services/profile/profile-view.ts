import type { User } from "@/server/infra/db/client";

/** The signed-in user's own profile as the API shows it (snake_case at the boundary). */
export interface ProfileView {
  id: string;
  email: string;
  display_name: string;
  locale: "zh-CN" | "en" | null;
  avatar_url: string | null;
  /** False for accounts that only sign in through GitHub/Google: they set a first password without a current one. */
  has_password: boolean;
  role: "user" | "admin";
  created_at: string;
}

const knownLocale = (value: string | null): ProfileView["locale"] => (value === "zh-CN" || value === "en" ? value : null);

export function toProfileView(user: User): ProfileView {
  return {
    id: user.id,
    email: user.email,
    display_name: user.name,
    locale: knownLocale(user.locale),
    avatar_url: user.avatarUrl,
    has_password: user.passwordHash !== null,
    role: user.role,
    created_at: user.createdAt.toISOString(),
  };
}
