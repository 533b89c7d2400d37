import { router } from "@/server/api/trpc";
import { cancelOrder, payOrder, refundOrder } from "./change-order-status";
import { createOrder } from "./create-order";
import { getMyOrder } from "./get-my-order";
import { listMyOrders } from "./list-my-orders";
import { listOrders } from "./list-orders";

export const ordersRouter = router({ list: listOrders, create: createOrder, pay: payOrder, cancel: cancelOrder, refund: refundOrder, listMine: listMyOrders, getMine: getMyOrder });
