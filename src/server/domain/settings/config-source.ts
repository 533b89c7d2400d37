import { z } from "zod";

/** Which configuration is in effect for a setting the environment can also provide: the environment wins over the admin's saved settings. */
export const configSources = ["env", "settings", "none"] as const;
export const configSourceSchema = z.enum(configSources);
export type ConfigSource = z.infer<typeof configSourceSchema>;
