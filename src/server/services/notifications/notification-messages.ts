import type { NotificationData, NotificationEvent } from "@/server/domain/notifications/notification-events";
import { mailLocale, type MailLocale } from "@/server/services/mail/mailer";

type Template = (d: NotificationData) => { subject: string; text: string };
const v = (d: NotificationData, key: string) => String(d[key] ?? "");

const TEMPLATES: Record<MailLocale, Record<NotificationEvent, Template>> = {
  en: {
    "cluster.ready": (d) => ({ subject: `Cluster ${v(d, "cluster_name")} is ready`, text: `Your cluster ${v(d, "cluster_name")} (${v(d, "cluster_id")}) is ready. Create a join token in the console to add nodes.` }),
    "cluster.error": (d) => ({ subject: `Cluster ${v(d, "cluster_name")} failed`, text: `Your cluster ${v(d, "cluster_name")} (${v(d, "cluster_id")}) could not be provisioned: ${v(d, "error")}\nOpen the cluster in the console to see the failed step.` }),
    "cluster.deleted": (d) => ({ subject: `Cluster ${v(d, "cluster_name")} was deleted`, text: `Your cluster ${v(d, "cluster_name")} (${v(d, "cluster_id")}) and its control plane were deleted.` }),
    "node.joined": (d) => ({ subject: `Node ${v(d, "node_name")} joined ${v(d, "cluster_name")}`, text: `Node ${v(d, "node_name")} registered in cluster ${v(d, "cluster_name")} (${v(d, "cluster_id")}).` }),
    "node.unhealthy": (d) => ({
      subject: `Node ${v(d, "node_name")} is ${v(d, "state") === "offline" ? "offline" : "not ready"}`,
      text: `Node ${v(d, "node_name")} in cluster ${v(d, "cluster_name")} (${v(d, "cluster_id")}) has been ${v(d, "state") === "offline" ? "offline (its kubelet stopped reporting)" : "NotReady"} since ${v(d, "since")} (${v(d, "duration_seconds")} s).\nCheck the machine, its network and its kubelet. You will hear when it recovers.`,
    }),
    "node.recovered": (d) => ({ subject: `Node ${v(d, "node_name")} recovered`, text: `Node ${v(d, "node_name")} in cluster ${v(d, "cluster_name")} (${v(d, "cluster_id")}) is Ready again since ${v(d, "since")}, after ${v(d, "duration_seconds")} s unhealthy.` }),
    "node.version_skew": (d) => ({
      subject: `Node ${v(d, "node_name")} runs an unsupported kubelet version`,
      text: `Node ${v(d, "node_name")} in cluster ${v(d, "cluster_name")} (${v(d, "cluster_id")}) runs kubelet ${v(d, "kubelet_version")}; the control plane is ${v(d, "control_plane_version")}, which supports kubelets ${v(d, "supported")}.\n${v(d, "skew") === "newer" ? "A kubelet must not be newer than the control plane: rejoin the node with the control plane's version." : "Upgrade the node's kubelet (rejoin it with a supported version)."}`,
    }),
    "cluster.node_limit_reached": (d) => ({
      subject: `Cluster ${v(d, "cluster_name")} reached its node limit`,
      text: `Cluster ${v(d, "cluster_name")} (${v(d, "cluster_id")}) has ${v(d, "node_count")} joined nodes, its plan's limit of ${v(d, "node_quota")}. New nodes cannot join until you remove one or upgrade the plan.`,
    }),
    "cluster.unreachable": (d) => ({
      subject: `Cluster ${v(d, "cluster_name")} is unreachable`,
      text: `The control plane of your cluster ${v(d, "cluster_name")} (${v(d, "cluster_id")}) has not answered the platform's readiness probe since ${v(d, "since")} (${v(d, "duration_seconds")} s): ${v(d, "error")}\nkubectl and new nodes cannot reach it meanwhile. Open the cluster in the console; you will hear when it answers again.`,
    }),
    "cluster.recovered": (d) => ({ subject: `Cluster ${v(d, "cluster_name")} is reachable again`, text: `The control plane of your cluster ${v(d, "cluster_name")} (${v(d, "cluster_id")}) answers again since ${v(d, "since")}, after ${v(d, "duration_seconds")} s unreachable.` }),
    "quota.reached": (d) => ({ subject: "You reached a plan limit", text: `${v(d, "message")}\nUpgrade your plan or free capacity, then try again.` }),
    "account.password_changed": () => ({ subject: "Your KubeBYON password was changed", text: "The password of your KubeBYON account was changed and your other sessions were signed out. If this was not you, reset your password now and contact the administrator." }),
    "api_key.created": (d) => ({ subject: `New API key "${v(d, "api_key_name")}"`, text: `An API key named "${v(d, "api_key_name")}" (prefix ${v(d, "api_key_prefix")}) was created for your account. If this was not you, revoke it in the console and change your password.` }),
  },
  "zh-CN": {
    "cluster.ready": (d) => ({ subject: `集群 ${v(d, "cluster_name")} 已就绪`, text: `您的集群 ${v(d, "cluster_name")}（${v(d, "cluster_id")}）已就绪。请在控制台创建加入令牌以接入节点。` }),
    "cluster.error": (d) => ({ subject: `集群 ${v(d, "cluster_name")} 创建失败`, text: `您的集群 ${v(d, "cluster_name")}（${v(d, "cluster_id")}）未能完成创建：${v(d, "error")}\n请在控制台打开该集群查看失败的步骤。` }),
    "cluster.deleted": (d) => ({ subject: `集群 ${v(d, "cluster_name")} 已删除`, text: `您的集群 ${v(d, "cluster_name")}（${v(d, "cluster_id")}）及其控制面已删除。` }),
    "node.joined": (d) => ({ subject: `节点 ${v(d, "node_name")} 已加入 ${v(d, "cluster_name")}`, text: `节点 ${v(d, "node_name")} 已注册到集群 ${v(d, "cluster_name")}（${v(d, "cluster_id")}）。` }),
    "node.unhealthy": (d) => ({
      subject: `节点 ${v(d, "node_name")} ${v(d, "state") === "offline" ? "已离线" : "未就绪"}`,
      text: `集群 ${v(d, "cluster_name")}（${v(d, "cluster_id")}）中的节点 ${v(d, "node_name")} 自 ${v(d, "since")} 起${v(d, "state") === "offline" ? "离线（kubelet 不再上报状态）" : "处于 NotReady 状态"}，已持续 ${v(d, "duration_seconds")} 秒。\n请检查该机器、网络及其 kubelet。节点恢复后会再通知您。`,
    }),
    "node.recovered": (d) => ({ subject: `节点 ${v(d, "node_name")} 已恢复`, text: `集群 ${v(d, "cluster_name")}（${v(d, "cluster_id")}）中的节点 ${v(d, "node_name")} 自 ${v(d, "since")} 起重新就绪，此前异常 ${v(d, "duration_seconds")} 秒。` }),
    "node.version_skew": (d) => ({
      subject: `节点 ${v(d, "node_name")} 的 kubelet 版本不受支持`,
      text: `集群 ${v(d, "cluster_name")}（${v(d, "cluster_id")}）中的节点 ${v(d, "node_name")} 运行 kubelet ${v(d, "kubelet_version")}；控制面版本为 ${v(d, "control_plane_version")}，支持的 kubelet 版本为 ${v(d, "supported")}。\n${v(d, "skew") === "newer" ? "kubelet 不能比控制面新：请使用与控制面一致的版本重新加入该节点。" : "请升级该节点的 kubelet（使用受支持的版本重新加入）。"}`,
    }),
    "cluster.node_limit_reached": (d) => ({
      subject: `集群 ${v(d, "cluster_name")} 已达到节点上限`,
      text: `集群 ${v(d, "cluster_name")}（${v(d, "cluster_id")}）已加入 ${v(d, "node_count")} 个节点，达到套餐上限 ${v(d, "node_quota")} 个。移除节点或升级套餐后才能加入新节点。`,
    }),
    "cluster.unreachable": (d) => ({
      subject: `集群 ${v(d, "cluster_name")} 无法连接`,
      text: `您的集群 ${v(d, "cluster_name")}（${v(d, "cluster_id")}）的控制面自 ${v(d, "since")} 起未通过平台的就绪探测，已持续 ${v(d, "duration_seconds")} 秒：${v(d, "error")}\n在此期间 kubectl 和新节点都无法连接它。请在控制台打开该集群查看；恢复后会再通知您。`,
    }),
    "cluster.recovered": (d) => ({ subject: `集群 ${v(d, "cluster_name")} 已恢复连接`, text: `您的集群 ${v(d, "cluster_name")}（${v(d, "cluster_id")}）的控制面自 ${v(d, "since")} 起重新响应，此前无法连接 ${v(d, "duration_seconds")} 秒。` }),
    "quota.reached": (d) => ({ subject: "您已达到套餐上限", text: `${v(d, "message")}\n请升级套餐或释放资源后重试。` }),
    "account.password_changed": () => ({ subject: "您的 KubeBYON 密码已修改", text: "您的 KubeBYON 账号密码已修改，其他会话均已退出。如果这不是您本人的操作，请立即重置密码并联系管理员。" }),
    "api_key.created": (d) => ({ subject: `新的 API Key「${v(d, "api_key_name")}」`, text: `您的账号创建了名为「${v(d, "api_key_name")}」（前缀 ${v(d, "api_key_prefix")}）的 API Key。如果这不是您本人的操作，请在控制台吊销它并修改密码。` }),
  },
};

/** Subject and plain-text body of a notification email, in the user's console language (default zh-CN). */
export function notificationEmail(event: NotificationEvent, data: NotificationData, locale: string | null | undefined): { subject: string; text: string } {
  return TEMPLATES[mailLocale(locale)][event](data);
}
