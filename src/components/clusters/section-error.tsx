import { cn } from "@/components/ui/cn";

/** The HTTP status of a failed tRPC call, when the server answered. */
export function httpStatusOf(error: unknown): number | undefined {
  const status = (error as { data?: { httpStatus?: unknown } } | null)?.data?.httpStatus;
  return typeof status === "number" ? status : undefined;
}

/**
 * A section that cannot load shows the server's reason in place. A 412 is the expected answer for a
 * cluster that is not ready yet, so it reads as a notice rather than a failure.
 */
export function SectionError({ error, text, testId }: { error: unknown; text: string; testId?: string }) {
  const notReady = httpStatusOf(error) === 412;
  return (
    <p
      role={notReady ? "status" : "alert"}
      data-testid={testId}
      data-not-ready={notReady ? "true" : undefined}
      className={cn(
        "mx-5 my-4 rounded-md px-3 py-2 text-sm",
        notReady ? "bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-200" : "bg-red-50 text-red-700 dark:bg-red-950 dark:text-red-300",
      )}
    >
      {text}
    </p>
  );
}
