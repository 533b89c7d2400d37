"use client";

import { useRef, useState, type ChangeEvent } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { FormAlert } from "@/components/ui/form-parts";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/trpc/error-message";
import { useTRPC } from "@/lib/trpc/client";
import type { Profile } from "./profile-types";
import { UserAvatar } from "./user-avatar";

/** Standard base64 of the file's bytes, built in chunks so large files do not overflow the argument list. */
async function fileToBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Upload (PNG/JPEG/WebP, checked by the server by content) and removal; the header picks the new image up via refresh. */
export function AvatarCard({ profile }: { profile: Profile }) {
  const t = useTranslations("profile.avatar");
  const tc = useTranslations("common");
  const toast = useToast();
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  const done = async (message: string) => {
    setServerError(null);
    await queryClient.invalidateQueries({ queryKey: trpc.profile.get.queryKey() });
    toast.success(message);
    router.refresh();
  };
  const failed = (error: Parameters<typeof errorMessage>[0]) => setServerError(errorMessage(error, tc("unknownError")));
  const upload = useMutation(trpc.profile.uploadAvatar.mutationOptions({ onSuccess: () => done(t("uploaded")), onError: failed }));
  const remove = useMutation(trpc.profile.deleteAvatar.mutationOptions({ onSuccess: () => done(t("removed")), onError: failed }));
  const pending = upload.isPending || remove.isPending;

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ""; // choosing the same file again fires change again
    if (!file) return;
    setServerError(null);
    upload.mutate({ image_base64: await fileToBase64(file) });
  }

  return (
    <Card aria-labelledby="profile-avatar-title">
      <CardHeader titleId="profile-avatar-title" title={t("title")} description={t("description")} />
      <CardBody className="flex flex-wrap items-center gap-5">
        <UserAvatar url={profile.avatar_url} name={profile.display_name} size="lg" testId="profile-avatar" />
        <div className="space-y-3">
          <input
            ref={input}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="sr-only"
            aria-label={t("choose")}
            data-testid="avatar-file"
            onChange={onFile}
          />
          <div className="flex flex-wrap gap-2">
            <Button disabled={pending} onClick={() => input.current?.click()}>
              {upload.isPending ? t("uploading") : t("choose")}
            </Button>
            {profile.avatar_url ? (
              <Button variant="secondary" disabled={pending} onClick={() => remove.mutate()} data-testid="avatar-remove">
                {t("remove")}
              </Button>
            ) : null}
          </div>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">{t("rules")}</p>
          <FormAlert data-testid="avatar-error">{serverError}</FormAlert>
        </div>
      </CardBody>
    </Card>
  );
}
