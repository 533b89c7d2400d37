import { initTRPC, TRPCError } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import { ZodError } from "zod";
import { AppError } from "@/server/domain/errors";
import { authFailureMessage } from "./auth/auth-failure-message";
import type { ApiContext } from "./context";

const t = initTRPC
  .context<ApiContext>()
  .meta<OpenApiMeta>()
  .create({
    errorFormatter({ shape, error, ctx }) {
      const internal = error.code === "INTERNAL_SERVER_ERROR";
      return {
        ...shape,
        // Internal failures are logged with details; callers get a pointer, not a stack.
        message: internal ? `Internal error. Quote request id ${ctx?.requestId ?? "unknown"} when reporting it.` : shape.message,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          request_id: ctx?.requestId,
          issues: error.cause instanceof ZodError ? error.cause.issues : undefined,
        },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Use-case errors (AppError) become tRPC errors with the same code; anything else is logged as internal. */
const errorMapping = t.middleware(async ({ ctx, path, next }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (cause instanceof AppError) {
      throw new TRPCError({ code: cause.code, message: cause.message, cause });
    }
    if (result.error.code === "INTERNAL_SERVER_ERROR") {
      ctx.log.error("procedure failed", { path, err: cause ?? result.error });
    }
  }
  return result;
});

export const publicProcedure = t.procedure.use(errorMapping);

export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.viewer) {
    throw new TRPCError({ code: "UNAUTHORIZED", message: authFailureMessage(ctx.authFailure) });
  }
  if (ctx.crossSiteSession) {
    throw new TRPCError({
      code: "FORBIDDEN",
      message: "Cross-site request refused. Call the API from the console's origin, or use an API key (Authorization: Bearer).",
    });
  }
  return next({ ctx: { ...ctx, viewer: ctx.viewer } });
});

export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.viewer.role !== "admin") {
    throw new TRPCError({ code: "FORBIDDEN", message: "This action needs an administrator account." });
  }
  return next();
});
