import { useTranslations } from "next-intl";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { OrderItem } from "./billing-types";

const TONE: Record<OrderItem["status"], BadgeTone> = { pending: "warning", paid: "success", cancelled: "neutral", refunded: "danger" };

/** Status plus "in force" when the order is what grants its user's plan now. */
export function OrderStatusBadge({ order }: { order: Pick<OrderItem, "status" | "grant_active"> }) {
  const t = useTranslations("billingOrders");
  return (
    <span className="flex flex-wrap gap-1">
      <Badge tone={TONE[order.status]} data-status={order.status}>
        {t(`status.${order.status}`)}
      </Badge>
      {order.grant_active ? <Badge tone="info">{t("inForce")}</Badge> : null}
    </span>
  );
}
