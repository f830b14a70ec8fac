import { expect } from "@playwright/test";
import type { DecodedMail } from "./mime.ts";
import { mailApiURL } from "./ports.ts";

export interface ReceivedMail extends DecodedMail {
  from: string;
  to: string[];
  raw: string;
}

/** Polls the SMTP server's JSON view until a mail to `to` arrives; returns the newest one. */
export async function waitForMail(
  to: string,
  options: { timeout?: number; matching?: (mail: ReceivedMail) => boolean } = {},
): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${mailApiURL}/messages?to=${encodeURIComponent(to)}`);
        const mails = (await response.json()) as ReceivedMail[];
        found = mails.filter(options.matching ?? (() => true)).at(-1);
        return found !== undefined;
      },
      { message: `an e-mail to ${to} reaches the SMTP server`, timeout: options.timeout ?? 20_000 },
    )
    .toBe(true);
  return found!;
}

/** The e-mail verification link of a Better Auth verification mail. */
export function verificationLink(mail: ReceivedMail): string {
  const link = mail.links.find((l) => /verify-email/.test(l));
  if (!link) {
    throw new Error(
      `no verification link in "${mail.subject}"; links: ${mail.links.join(", ") || "none"}`,
    );
  }
  return link;
}
