import type { ReactNode } from "react";
import { Card, CardBody } from "@/components/ui/card";

/** The card every signed-out account page (login, register, reset) sits in. */
export function AuthCard({ titleId, title, subtitle, children }: { titleId: string; title: ReactNode; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Card className="w-full max-w-sm" aria-labelledby={titleId}>
      <CardBody className="space-y-6 py-6">
        <div className="space-y-1">
          <h1 id={titleId} className="text-xl font-semibold">
            {title}
          </h1>
          {subtitle ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{subtitle}</p> : null}
        </div>
        {children}
      </CardBody>
    </Card>
  );
}

/** A quiet line of links under an account form ("Already have an account? Sign in"). */
export function AuthLinks({ children }: { children: ReactNode }) {
  return <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">{children}</p>;
}

export const linkClass = "font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-400";
