"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { FormActions, FormAlert } from "@/components/ui/form-parts";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/trpc/error-message";
import { useTRPC } from "@/lib/trpc/client";

/** Admin: a pending order of an active plan for a user (by user id, as shown in Users). */
export function CreateOrderDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations("billingOrders");
  const tc = useTranslations("common");
  const toast = useToast();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // One page of the largest size (the API's maximum): a select offers every plan at once, and a catalogue
  // longer than that is not one an administrator picks from a drop-down.
  const plans = useQuery({ ...trpc.plans.listOffered.queryOptions({ limit: 200 }), enabled: open });
  const [userId, setUserId] = useState("");
  const [planId, setPlanId] = useState("");
  const [months, setMonths] = useState("1");
  const [amount, setAmount] = useState("");
  const [note, setNote] = useState("");
  const [serverError, setServerError] = useState<string | null>(null);

  const create = useMutation(
    trpc.orders.create.mutationOptions({
      onSuccess: async (order) => {
        await queryClient.invalidateQueries({ queryKey: trpc.orders.list.pathKey() });
        toast.success(t("toast.created", { plan: order.plan_name, email: order.user_email }));
        onClose();
      },
      onError: (error) => setServerError(errorMessage(error, tc("unknownError"))),
    }),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const amountText = amount.trim();
    const amountCents = amountText === "" ? undefined : Math.round(Number.parseFloat(amountText) * 100);
    if (amountCents !== undefined && (Number.isNaN(amountCents) || amountCents < 0)) {
      setServerError(t("form.amountInvalid"));
      return;
    }
    create.mutate({
      user_id: userId.trim(),
      plan_id: planId || (plans.data?.items[0]?.id ?? ""),
      period_months: Number.parseInt(months, 10),
      amount_cents: amountCents,
      note: note.trim() || undefined,
    });
  }

  return (
    <Dialog open={open} onClose={() => !create.isPending && onClose()} dismissible={!create.isPending} title={t("form.title")} testId="create-order-dialog">
      <form noValidate onSubmit={submit} className="space-y-4">
        <Field id="order-user" label={t("form.userId")} hint={t("form.userIdHint")}>
          {(control) => <Input {...control} name="user_id" autoComplete="off" value={userId} onChange={(e) => setUserId(e.target.value)} />}
        </Field>
        <Field id="order-plan" label={t("form.plan")}>
          {(control) => (
            <Select {...control} name="plan_id" value={planId} onChange={(e) => setPlanId(e.target.value)}>
              {(plans.data?.items ?? []).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} ({p.code})
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field id="order-months" label={t("form.periodMonths")} hint={t("form.periodHint")}>
          {(control) => <Input {...control} name="period_months" type="number" min={1} max={36} step={1} value={months} onChange={(e) => setMonths(e.target.value)} />}
        </Field>
        <Field id="order-amount" label={t("form.amount")} optionalText={tc("optional")} hint={t("form.amountHint")}>
          {(control) => <Input {...control} name="amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />}
        </Field>
        <Field id="order-note" label={t("form.note")} optionalText={tc("optional")}>
          {(control) => <Input {...control} name="note" value={note} onChange={(e) => setNote(e.target.value)} />}
        </Field>
        <FormAlert>{serverError}</FormAlert>
        <FormActions cancelLabel={tc("cancel")} submitLabel={create.isPending ? t("form.creating") : t("form.create")} pending={create.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
