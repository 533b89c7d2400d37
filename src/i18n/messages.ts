import en from "./messages/en.json";
import zhCN from "./messages/zh-CN.json";
import type { AppLocale } from "./locales";

export type Messages = typeof zhCN;

export const MESSAGES: Record<AppLocale, Messages> = { "zh-CN": zhCN, en };
