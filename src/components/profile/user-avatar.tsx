import { cn } from "@/components/ui/cn";

const SIZES = { sm: "h-8 w-8 text-xs", lg: "h-20 w-20 text-2xl" } as const;

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]!, parts[parts.length - 1]!].map((p) => [...p][0]) : [...(parts[0] ?? "?")].slice(0, 2);
  return letters.join("").toUpperCase();
}

/** The user's uploaded avatar, or their initials when there is none. Works in server and client components. */
export function UserAvatar({ url, name, size = "sm", testId }: { url: string | null | undefined; name: string; size?: keyof typeof SIZES; testId?: string }) {
  const box = cn("inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full", SIZES[size]);
  if (url) {
    // A plain <img>: the avatar route needs the session cookie, which Next's image optimizer would not forward.
    // eslint-disable-next-line @next/next/no-img-element
    return <img src={url} alt="" className={cn(box, "object-cover")} data-testid={testId} />;
  }
  return (
    <span aria-hidden className={cn(box, "bg-indigo-100 font-semibold text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300")} data-testid={testId}>
      {initials(name)}
    </span>
  );
}
