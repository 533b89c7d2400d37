"use client";

import { useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import type { CreatedApiKey } from "./create-api-key-dialog";

/** Shows a new key's secret exactly once; the parent drops the secret from state when this closes. */
export function ApiKeySecretDialog({ created, onClose }: { created: CreatedApiKey | null; onClose: () => void }) {
  const t = useTranslations("apiKeys");
  const tc = useTranslations("common");
  const toast = useToast();
  const inputRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  async function copy() {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied(true);
      toast.success(t("toast.copied"));
    } catch {
      // Clipboard access can be denied (permissions, insecure origin); leave the text selected instead.
      inputRef.current?.select();
      toast.error(t("toast.copyFailed"));
    }
  }

  function close() {
    setCopied(false);
    onClose();
  }

  return (
    <Dialog
      open={created !== null}
      onClose={close}
      title={t("secretDialog.title")}
      description={created?.name}
      testId="api-key-secret-dialog"
      footer={<Button onClick={close}>{t("secretDialog.done")}</Button>}
    >
      <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200">
        {t("secretDialog.warning")}
      </p>
      <Field id="api-key-secret" label={t("secretDialog.secretLabel")}>
        {(control) => (
          <div className="flex gap-2">
            <Input
              {...control}
              ref={inputRef}
              readOnly
              value={created?.secret ?? ""}
              data-testid="api-key-secret"
              className="font-mono"
              onFocus={(e) => e.target.select()}
            />
            <Button variant="secondary" onClick={() => void copy()}>
              {copied ? tc("copied") : tc("copy")}
            </Button>
          </div>
        )}
      </Field>
    </Dialog>
  );
}
