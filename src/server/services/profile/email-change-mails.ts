import { compose } from "@/server/services/accounts/account-emails";
import type { MailLocale, OutgoingMail } from "@/server/services/mail/mailer";

/** The two emails of an address change: the code to the new address, a notice to the old one. */
const TEXTS = {
  en: {
    codeSubject: "Confirm your new KubeBYON email address",
    codeBody: (name: string, code: string, minutes: number) => [
      `Hello ${name},`,
      `You asked to use this address for your KubeBYON account. Your confirmation code is: ${code}`,
      `Enter it on your profile page within ${minutes} minutes. Until then your account keeps its current address.`,
    ],
    codeIgnore: "If you did not ask for this, ignore this email: nothing changes without the code.",
    noticeSubject: "Your KubeBYON email address was changed",
    noticeBody: (name: string, newEmail: string) => [
      `Hello ${name},`,
      `The email address of your KubeBYON account was changed to ${newEmail}. From now on you sign in with that address.`,
    ],
    noticeIgnore: "If you did not do this, reset your password with the new address at once or contact the platform operator.",
  },
  "zh-CN": {
    codeSubject: "确认您的 KubeBYON 新邮箱地址",
    codeBody: (name: string, code: string, minutes: number) => [
      `${name}，您好：`,
      `您申请将此地址用作 KubeBYON 账号的邮箱。确认验证码是：${code}`,
      `请在 ${minutes} 分钟内在个人资料页面输入。在此之前，您的账号仍使用原邮箱。`,
    ],
    codeIgnore: "如果这不是您本人的操作，请忽略此邮件：没有验证码，任何设置都不会改变。",
    noticeSubject: "您的 KubeBYON 邮箱地址已更改",
    noticeBody: (name: string, newEmail: string) => [`${name}，您好：`, `您的 KubeBYON 账号邮箱已更改为 ${newEmail}。今后请使用该地址登录。`],
    noticeIgnore: "如果这不是您本人的操作，请立即用新地址重置密码，或联系平台管理员。",
  },
} as const;

export function emailChangeCodeMail(locale: MailLocale, to: string, name: string, code: string, minutes: number): OutgoingMail {
  const t = TEXTS[locale];
  return compose(to, t.codeSubject, t.codeBody(name, code, minutes), t.codeIgnore);
}

export function emailChangedNoticeMail(locale: MailLocale, oldEmail: string, name: string, newEmail: string): OutgoingMail {
  const t = TEXTS[locale];
  return compose(oldEmail, t.noticeSubject, t.noticeBody(name, newEmail), t.noticeIgnore);
}
