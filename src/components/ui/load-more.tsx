"use client";

import { useTranslations } from "next-intl";
import { Button } from "./button";

interface PagedQuery<Item> {
  data: { pages: Array<{ items: Item[] }> } | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** Every row loaded so far of a cursor-paged list (the API's `items` / `next_cursor` envelope). */
export function loadedItems<Item>(query: Pick<PagedQuery<Item>, "data">): Item[] {
  return query.data?.pages.flatMap((p) => p.items) ?? [];
}

/** The "load more" row under a paged table; nothing once the last page is in. */
export function LoadMore<Item>({ query }: { query: PagedQuery<Item> }) {
  const tc = useTranslations("common");
  if (!query.hasNextPage) return null;
  return (
    <div className="flex justify-center border-t border-zinc-200 px-5 py-3 dark:border-zinc-800">
      <Button variant="secondary" size="sm" disabled={query.isFetchingNextPage} aria-busy={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
        {query.isFetchingNextPage ? tc("loading") : tc("loadMore")}
      </Button>
    </div>
  );
}
