import type { MailLocale, OutgoingMail } from "@/server/services/mail/mailer";

/**
 * The account emails in both console languages. Codes and links appear only
 * in the message body; nothing here is logged.
 */
interface Texts {
  registrationSubject: string;
  registrationBody: (name: string, code: string, minutes: number) => string[];
  existingSubject: string;
  existingBody: (name: string, loginUrl: string, resetUrl: string) => string[];
  resetSubject: string;
  resetBody: (name: string, code: string, link: string, minutes: number) => string[];
  ignore: string;
}

const TEXTS: Record<MailLocale, Texts> = {
  en: {
    registrationSubject: "Your KubeBYON verification code",
    registrationBody: (name, code, minutes) => [
      `Hello ${name},`,
      `Your verification code is: ${code}`,
      `Enter it on the registration page within ${minutes} minutes to activate your account.`,
    ],
    existingSubject: "Someone tried to register with your email on KubeBYON",
    existingBody: (name, loginUrl, resetUrl) => [
      `Hello ${name},`,
      "Someone just tried to create a KubeBYON account with this email address, but you already have one.",
      `If it was you, sign in at ${loginUrl}, or reset your password at ${resetUrl}.`,
    ],
    resetSubject: "Reset your KubeBYON password",
    resetBody: (name, code, link, minutes) => [
      `Hello ${name},`,
      `Your password reset code is: ${code}`,
      `Or open this link to choose a new password: ${link}`,
      `The code and the link work once, for ${minutes} minutes. Resetting signs you out everywhere.`,
    ],
    ignore: "If you did not ask for this, you can ignore this email.",
  },
  "zh-CN": {
    registrationSubject: "您的 KubeBYON 验证码",
    registrationBody: (name, code, minutes) => [
      `${name}，您好：`,
      `您的验证码是：${code}`,
      `请在 ${minutes} 分钟内在注册页面输入该验证码以激活账号。`,
    ],
    existingSubject: "有人尝试用您的邮箱注册 KubeBYON",
    existingBody: (name, loginUrl, resetUrl) => [
      `${name}，您好：`,
      "刚刚有人尝试用此邮箱地址注册 KubeBYON 账号，但该邮箱已有账号。",
      `如果是您本人，请在 ${loginUrl} 登录，或在 ${resetUrl} 重置密码。`,
    ],
    resetSubject: "重置您的 KubeBYON 密码",
    resetBody: (name, code, link, minutes) => [
      `${name}，您好：`,
      `您的密码重置验证码是：${code}`,
      `也可以打开以下链接设置新密码：${link}`,
      `验证码和链接只能使用一次，${minutes} 分钟内有效。重置后您的所有登录会话都将退出。`,
    ],
    ignore: "如果这不是您本人的操作，请忽略此邮件。",
  },
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Plain-text and HTML bodies from the same lines, links made clickable; shared by every account email. */
export function compose(to: string, subject: string, lines: string[], ignore: string): OutgoingMail {
  const all = [...lines, ignore];
  const html = all.map((l) => `<p>${escapeHtml(l).replace(/(https?:\/\/\S+)/g, '<a href="$1">$1</a>')}</p>`).join("\n");
  return { to, subject, text: all.join("\n\n"), html };
}

export function registrationCodeMail(locale: MailLocale, to: string, name: string, code: string, minutes: number): OutgoingMail {
  const t = TEXTS[locale];
  return compose(to, t.registrationSubject, t.registrationBody(name, code, minutes), t.ignore);
}

export function existingAccountMail(locale: MailLocale, to: string, name: string, baseUrl: string): OutgoingMail {
  const t = TEXTS[locale];
  return compose(to, t.existingSubject, t.existingBody(name, `${baseUrl}/login`, `${baseUrl}/forgot-password`), t.ignore);
}

export function passwordResetMail(locale: MailLocale, to: string, name: string, code: string, link: string, minutes: number): OutgoingMail {
  const t = TEXTS[locale];
  return compose(to, t.resetSubject, t.resetBody(name, code, link, minutes), t.ignore);
}
