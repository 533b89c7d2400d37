"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { FormActions, FormAlert } from "@/components/ui/form-parts";
import { Input } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/trpc/error-message";
import { useTRPC } from "@/lib/trpc/client";
import type { AdminPlanItem } from "./billing-types";
import { EMPTY_PLAN_FORM, planFormFrom, planInputFrom, type PlanForm, type PlanFormError } from "./plan-form";

/** Create (plan = null) or edit a plan. Remount with a new `key` to reset the fields. */
export function PlanDialog({ open, plan, onClose }: { open: boolean; plan: AdminPlanItem | null; onClose: () => void }) {
  const t = useTranslations("billingPlans");
  const tc = useTranslations("common");
  const toast = useToast();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<PlanForm>(plan ? planFormFrom(plan) : EMPTY_PLAN_FORM);
  const [errors, setErrors] = useState<PlanFormError[]>([]);
  const [serverError, setServerError] = useState<string | null>(null);

  const onError = (error: unknown) => setServerError(errorMessage(error, tc("unknownError")));
  const onSuccess = async (saved: { name: string }) => {
    await queryClient.invalidateQueries({ queryKey: trpc.plans.list.pathKey() });
    toast.success(t(plan ? "toast.updated" : "toast.created", { name: saved.name }));
    onClose();
  };
  const create = useMutation(trpc.plans.create.mutationOptions({ onSuccess, onError }));
  const update = useMutation(trpc.plans.update.mutationOptions({ onSuccess, onError }));
  const pending = create.isPending || update.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const result = planInputFrom(form);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors([]);
    if (plan) update.mutate({ id: plan.id, ...result.value });
    else create.mutate({ code: form.code.trim(), ...result.value });
  }

  const set = (key: keyof PlanForm) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));
  const errorFor = (key: PlanFormError) => (errors.includes(key) ? t(`form.invalid.${key}`) : undefined);
  const text = (key: keyof PlanForm, id: string, opts: { optional?: boolean; hint?: string; error?: string; disabled?: boolean } = {}) => (
    <Field id={`plan-${id}`} label={t(`form.${key}`)} hint={opts.hint} error={opts.error} optionalText={opts.optional ? tc("optional") : undefined}>
      {(control) => <Input {...control} name={id} autoComplete="off" value={String(form[key])} disabled={opts.disabled} onChange={set(key)} />}
    </Field>
  );

  return (
    <Dialog open={open} onClose={() => !pending && onClose()} dismissible={!pending} title={t(plan ? "form.editTitle" : "form.createTitle")} testId="plan-dialog">
      <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        {text("code", "code", { hint: t("form.codeHint"), disabled: plan !== null })}
        {text("name", "name")}
        <div className="sm:col-span-2">{text("description", "description", { optional: true })}</div>
        {text("price", "price", { hint: t("form.priceHint"), error: errorFor("price") })}
        {text("currency", "currency")}
        {text("clusterQuota", "cluster_quota", { hint: t("form.clusterQuotaHint"), error: errorFor("clusterQuota") })}
        {text("nodeQuota", "node_quota", { hint: t("form.nodeQuotaHint"), error: errorFor("nodeQuota") })}
        {text("cpuQuota", "cpu_quota", { optional: true, hint: t("form.cpuQuotaHint") })}
        {text("memoryQuota", "memory_quota", { optional: true, hint: t("form.memoryQuotaHint") })}
        <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2" data-testid="plan-control-plane">
          <legend className="mb-1 text-sm font-medium">{t("form.controlPlane")}</legend>
          <p className="text-muted-foreground text-xs sm:col-span-2">{t("form.controlPlaneHint")}</p>
          {text("controlPlaneCpuRequest", "control_plane_cpu_request")}
          {text("controlPlaneCpuLimit", "control_plane_cpu_limit", { optional: true, hint: t("form.controlPlaneLimitHint") })}
          {text("controlPlaneMemoryRequest", "control_plane_memory_request")}
          {text("controlPlaneMemoryLimit", "control_plane_memory_limit", { optional: true, hint: t("form.controlPlaneLimitHint") })}
          {text("controlPlaneEphemeralStorageRequest", "control_plane_ephemeral_storage_request")}
          {text("controlPlaneEphemeralStorageLimit", "control_plane_ephemeral_storage_limit", { optional: true, hint: t("form.controlPlaneLimitHint") })}
          {text("controlPlaneDataVolumeSize", "control_plane_data_volume_size", { hint: t("form.controlPlaneDataVolumeSizeHint") })}
          {text("controlPlaneStorageClass", "control_plane_storage_class", { optional: true, hint: t("form.controlPlaneStorageClassHint") })}
        </fieldset>
        <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2" data-testid="plan-admission">
          <legend className="mb-1 text-sm font-medium">{t("form.admission")}</legend>
          <p className="text-muted-foreground text-xs sm:col-span-2">{t("form.admissionHint")}</p>
          {text("admissionMaxPods", "admission_max_pods", { optional: true, hint: t("form.admissionMaxPodsHint"), error: errorFor("admissionMaxPods") })}
          {text("admissionPodCpuRequests", "admission_pod_cpu_requests", { optional: true, hint: t("form.admissionPodCpuRequestsHint") })}
          {text("admissionPodMemoryRequests", "admission_pod_memory_requests", { optional: true, hint: t("form.admissionPodMemoryRequestsHint") })}
          <div className="flex flex-col justify-end gap-2 text-sm sm:col-span-2">
            {(["admissionDenyHostNamespaces", "admissionDenyPrivileged", "admissionDenyHostPath"] as const).map((key) => (
              <label key={key} className="flex items-center gap-2">
                <input type="checkbox" name={key} checked={form[key]} onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.checked }))} />
                {t(`form.${key}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {text("kubeconfigMaxTtlSeconds", "kubeconfig_max_ttl_seconds", { optional: true, hint: t("form.kubeconfigMaxTtlSecondsHint"), error: errorFor("kubeconfigMaxTtlSeconds") })}
        {text("sort", "sort", { error: errorFor("sort") })}
        <div className="flex flex-col justify-end gap-2 text-sm">
          <label className="flex items-center gap-2">
            <input type="checkbox" name="active" checked={form.active} onChange={(e) => setForm((f) => ({ ...f, active: e.target.checked }))} />
            {t("form.active")}
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="is_default" checked={form.isDefault} onChange={(e) => setForm((f) => ({ ...f, isDefault: e.target.checked }))} />
            {t("form.isDefault")}
          </label>
        </div>
        <div className="space-y-4 sm:col-span-2">
          <FormAlert>{serverError}</FormAlert>
          <FormActions cancelLabel={tc("cancel")} submitLabel={pending ? t("form.saving") : t("form.save")} pending={pending} onCancel={onClose} />
        </div>
      </form>
    </Dialog>
  );
}
