import type { AppLocale } from "./locales";
import type { Messages } from "./messages";

// Typed message keys: a key missing from the catalog fails `tsc`, not the user.
declare module "next-intl" {
  interface AppConfig {
    Locale: AppLocale;
    Messages: Messages;
  }
}
