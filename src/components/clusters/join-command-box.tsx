"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";

function CommandLine({ label, command, testId }: { label: string; command: string; testId: string }) {
  const t = useTranslations("clusters.toast");
  const tc = useTranslations("common");
  const toast = useToast();
  async function copy(target: HTMLElement | null) {
    try {
      await navigator.clipboard.writeText(command);
      toast.success(t("copied"));
    } catch {
      // Clipboard access can be denied; select the text so it can be copied by hand.
      if (target) window.getSelection()?.selectAllChildren(target);
      toast.error(t("copyFailed"));
    }
  }
  return (
    <div className="space-y-1">
      <p className="text-xs font-medium text-zinc-600 dark:text-zinc-400">{label}</p>
      <div className="flex items-start gap-2">
        <pre data-testid={testId} className="min-w-0 flex-1 overflow-x-auto rounded-md bg-zinc-950 px-3 py-2 font-mono text-xs text-zinc-100">
          {command}
        </pre>
        <Button variant="secondary" size="sm" onClick={(e) => void copy(e.currentTarget.previousElementSibling as HTMLElement | null)}>
          {tc("copy")}
        </Button>
      </div>
    </div>
  );
}

/** The join command of a freshly created token; shown once, the parent drops it on hide. */
export function JoinCommandBox({ joinCommand, directJoinCommand, onHide }: { joinCommand: string; directJoinCommand: string | null; onHide: () => void }) {
  const t = useTranslations("clusters.detail.join");
  return (
    <div className="mx-5 my-4 space-y-3" data-testid="join-command-box">
      <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200">
        {t("commandWarning")}
      </p>
      <CommandLine label={t("commandTitle")} command={joinCommand} testId="join-command" />
      {directJoinCommand ? <CommandLine label={t("directCommand")} command={directJoinCommand} testId="direct-join-command" /> : null}
      <div className="flex justify-end">
        <Button variant="ghost" size="sm" onClick={onHide}>
          {t("hide")}
        </Button>
      </div>
    </div>
  );
}
