"use client";

import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { errorMessage } from "@/lib/trpc/error-message";
import { Button } from "./button";

interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

/** Loading, error-with-retry, or the data: the three states of a query-backed card body. */
export function QueryState<T>({ query, failedMessage, children }: { query: QueryLike<T>; failedMessage: (message: string) => string; children: (data: T) => ReactNode }) {
  const tc = useTranslations("common");
  if (query.isPending) {
    return (
      <p className="px-5 py-10 text-center text-sm text-zinc-500" aria-busy="true">
        {tc("loading")}
      </p>
    );
  }
  if (query.isError || query.data === undefined) {
    return (
      <div role="alert" className="flex flex-wrap items-center justify-between gap-3 px-5 py-6 text-sm text-red-700 dark:text-red-300">
        <span>{failedMessage(errorMessage(query.error, tc("unknownError")))}</span>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          {tc("retry")}
        </Button>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
