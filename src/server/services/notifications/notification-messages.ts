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
    "node.offline": (d) => ({ subject: `Node ${v(d, "node_name")} is offline`, text: `Node ${v(d, "node_name")} in cluster ${v(d, "cluster_name")} (${v(d, "cluster_id")}) stopped reporting Ready: ${v(d, "message")}\nCheck the machine and its kubelet.` }),
    "quota.reached": (d) => ({ subject: "You reached a plan limit", text: `${v(d, "message")}\nUpgrade your plan or free capacity, then try again.` }),
    "account.password_changed": () => ({ subject: "Your KubeBYON password was changed", text: "The password of your KubeBYON account was changed and your other sessions were signed out. If this was not you, reset your password now and contact the administrator." }),
    "api_key.created": (d) => ({ subject: `New API key "${v(d, "api_key_name")}"`, text: `An API key named "${v(d, "api_key_name")}" (prefix ${v(d, "api_key_prefix")}) was created for your account. If this was not you, revoke it in the console and change your password.` }),
  },
  "zh-CN": {
    "cluster.ready": (d) => ({ subject: `集群 ${v(d, "cluster_name")} 已就绪`, text: `您的集群 ${v(d, "cluster_name")}（${v(d, "cluster_id")}）已就绪。请在控制台创建加入令牌以接入节点。` }),
    "cluster.error": (d) => ({ subject: `集群 ${v(d, "cluster_name")} 创建失败`, text: `您的集群 ${v(d, "cluster_name")}（${v(d, "cluster_id")}）未能完成创建：${v(d, "error")}\n请在控制台打开该集群查看失败的步骤。` }),
    "cluster.deleted": (d) => ({ subject: `集群 ${v(d, "cluster_name")} 已删除`, text: `您的集群 ${v(d, "cluster_name")}（${v(d, "cluster_id")}）及其控制面已删除。` }),
    "node.joined": (d) => ({ subject: `节点 ${v(d, "node_name")} 已加入 ${v(d, "cluster_name")}`, text: `节点 ${v(d, "node_name")} 已注册到集群 ${v(d, "cluster_name")}（${v(d, "cluster_id")}）。` }),
    "node.offline": (d) => ({ subject: `节点 ${v(d, "node_name")} 已离线`, text: `集群 ${v(d, "cluster_name")}（${v(d, "cluster_id")}）中的节点 ${v(d, "node_name")} 不再处于 Ready 状态：${v(d, "message")}\n请检查该机器及其 kubelet。` }),
    "quota.reached": (d) => ({ subject: "您已达到套餐上限", text: `${v(d, "message")}\n请升级套餐或释放资源后重试。` }),
    "account.password_changed": () => ({ subject: "您的 KubeBYON 密码已修改", text: "您的 KubeBYON 账号密码已修改，其他会话均已退出。如果这不是您本人的操作，请立即重置密码并联系管理员。" }),
    "api_key.created": (d) => ({ subject: `新的 API Key「${v(d, "api_key_name")}」`, text: `您的账号创建了名为「${v(d, "api_key_name")}」（前缀 ${v(d, "api_key_prefix")}）的 API Key。如果这不是您本人的操作，请在控制台吊销它并修改密码。` }),
  },
};

/** Subject and plain-text body of a notification email, in the user's console language (default zh-CN). */
export function notificationEmail(event: NotificationEvent, data: NotificationData, locale: string | null | undefined): { subject: string; text: string } {
  return TEMPLATES[mailLocale(locale)][event](data);
}
