import { z } from "zod";

/**
 * A JSON boolean the REST adapter cannot coerce. trpc-to-openapi 3.3 sets zod's
 * `coerce` on every `z.boolean()` field of an input object, request bodies
 * included, so `"force": "false"` would arrive as `true` (Boolean("false")).
 * A union of the two literals is not a coercible kind: anything but true or
 * false is a 400 with `message`.
 */
export function strictBoolean(message: string) {
  return z.union([z.literal(true), z.literal(false)], { error: message });
}
