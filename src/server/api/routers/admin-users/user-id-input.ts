import { z } from "zod";

/** Path parameter of every /admin/users/{user_id}… route. */
export const userIdInput = z.object({ user_id: z.string().min(1) });
