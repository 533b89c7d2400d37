import en from "./messages/en.json";
import zhCN from "./messages/zh-CN.json";
import accountEn from "./messages/account/en.json";
import accountZhCN from "./messages/account/zh-CN.json";
import backofficeEn from "./messages/backoffice/en.json";
import backofficeZhCN from "./messages/backoffice/zh-CN.json";
import billingEn from "./messages/billing/en.json";
import billingZhCN from "./messages/billing/zh-CN.json";
import metricsEn from "./messages/metrics/en.json";
import metricsZhCN from "./messages/metrics/zh-CN.json";
import notificationsEn from "./messages/notifications/en.json";
import notificationsZhCN from "./messages/notifications/zh-CN.json";
import oauthEn from "./messages/oauth/en.json";
import oauthZhCN from "./messages/oauth/zh-CN.json";
import type { AppLocale } from "./locales";

/**
 * One catalog per locale, assembled from the core file and one file per feature area
 * (messages/<area>/<locale>.json), so areas are edited independently. Top-level keys must not
 * repeat across files (messages.test.ts checks it).
 */
export const CATALOG_PARTS: Record<AppLocale, Record<string, object>> = {
  en: { core: en, account: accountEn, backoffice: backofficeEn, billing: billingEn, metrics: metricsEn, notifications: notificationsEn, oauth: oauthEn },
  "zh-CN": { core: zhCN, account: accountZhCN, backoffice: backofficeZhCN, billing: billingZhCN, metrics: metricsZhCN, notifications: notificationsZhCN, oauth: oauthZhCN },
};

const zhCNMessages = { ...zhCN, ...accountZhCN, ...backofficeZhCN, ...billingZhCN, ...metricsZhCN, ...notificationsZhCN, ...oauthZhCN };
export type Messages = typeof zhCNMessages;

export const MESSAGES: Record<AppLocale, Messages> = {
  "zh-CN": zhCNMessages,
  en: { ...en, ...accountEn, ...backofficeEn, ...billingEn, ...metricsEn, ...notificationsEn, ...oauthEn },
};
