import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { FilterForm, FilterSelect, FilterText } from "@/components/backoffice/filter-form";
import { oneOf, param, withParams, type SearchParams } from "@/components/backoffice/search-params";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { FormAlert } from "@/components/ui/form-parts";
import { Table } from "@/components/ui/table";
import type { RouterInputs, RouterOutputs } from "@/lib/trpc/router-types";

type AuditPage = RouterOutputs["activity"]["listAll"];
const RESULTS = ["success", "failure"] as const satisfies readonly NonNullable<RouterInputs["activity"]["listAll"]["result"]>[];

/** Filters as the URL carries them; dates are whole UTC days. */
export function activityFilters(params: SearchParams, withActor: boolean) {
  const from = param(params, "from");
  const to = param(params, "to");
  const day = /^\d{4}-\d{2}-\d{2}$/;
  return {
    url: { actor: withActor ? param(params, "actor") : undefined, action: param(params, "action"), target_id: param(params, "target_id"), result: param(params, "result"), from, to },
    query: {
      action: param(params, "action"),
      target_id: param(params, "target_id"),
      result: oneOf(RESULTS, param(params, "result")),
      from: from && day.test(from) ? `${from}T00:00:00.000Z` : undefined,
      to: to && day.test(to) ? `${to}T23:59:59.999Z` : undefined,
      cursor: param(params, "cursor"),
      limit: 50,
    },
  };
}

/**
 * The activity table shared by the admin stream and "My activity": GET filters, newest first, an "older" link per
 * page. `cursorError`: the URL's cursor was refused, so this is the first page, shown with the API's message.
 */
export async function ActivityView({
  path,
  page,
  filters,
  withActor,
  cursorError,
}: {
  path: string;
  page: AuditPage;
  filters: ReturnType<typeof activityFilters>;
  withActor: boolean;
  cursorError: string | null;
}) {
  const [t, format] = await Promise.all([getTranslations("activity"), getFormatter()]);
  const f = filters.url;
  return (
    <Card>
      <CardBody>
        <FilterForm applyLabel={t("apply")} testId="activity-filters">
          {withActor ? <FilterText name="actor" label={t("actor")} defaultValue={f.actor} /> : null}
          <FilterText name="action" label={t("action")} defaultValue={f.action} />
          <FilterText name="target_id" label={t("target")} defaultValue={f.target_id} />
          <FilterSelect name="result" label={t("result")} defaultValue={f.result} options={[{ value: "", label: t("any") }, ...RESULTS.map((r) => ({ value: r, label: t(`results.${r}`) }))]} />
          <FilterText type="date" name="from" label={t("from")} defaultValue={f.from} />
          <FilterText type="date" name="to" label={t("to")} defaultValue={f.to} />
        </FilterForm>
        {cursorError ? (
          <div className="mt-3">
            <FormAlert>{cursorError}</FormAlert>
          </div>
        ) : null}
      </CardBody>
      <Table
        caption={t("caption")}
        rows={page.items}
        rowKey={(e) => e.id}
        empty={t("empty")}
        columns={[
          { key: "time", header: t("colTime"), cell: (e) => format.dateTime(new Date(e.created_at), { dateStyle: "short", timeStyle: "medium" }) },
          ...(withActor ? [{ key: "actor", header: t("colActor"), cell: (e: AuditPage["items"][number]) => e.actor?.email ?? t("system") }] : []),
          { key: "action", header: t("colAction"), cell: (e) => <code className="text-xs">{e.action}</code> },
          { key: "target", header: t("colTarget"), cell: (e) => (e.target_id ? <code className="text-xs">{`${e.target_type ?? ""} ${e.target_id}`.trim()}</code> : "") },
          { key: "result", header: t("colResult"), cell: (e) => <Badge tone={e.result === "success" ? "success" : "danger"}>{t(`results.${e.result}`)}</Badge> },
          { key: "client", header: t("colClient"), cell: (e) => <span className="text-xs" title={e.user_agent ?? undefined}>{e.ip ?? ""}</span> },
        ]}
      />
      <CardBody className="flex justify-end gap-2">
        {filters.query.cursor && !cursorError ? (
          <Link className={buttonClasses("secondary", "sm")} href={withParams(path, f)}>
            {t("newest")}
          </Link>
        ) : null}
        {page.next_cursor ? (
          <Link className={buttonClasses("secondary", "sm")} href={withParams(path, { ...f, cursor: page.next_cursor })}>
            {t("older")}
          </Link>
        ) : null}
      </CardBody>
    </Card>
  );
}
