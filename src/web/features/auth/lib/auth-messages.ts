import type { TFunction } from "i18next";
import { PASSWORD_MAX, PASSWORD_MIN } from "./password";

// The auth catalogue's own texts for the reasons of the account forms' fields (useContractForm's
// `messages` and `codes`, decision 067): they say "your e-mail address", not "this field".

export function emailMessages(t: TFunction<"auth">): Record<string, string> {
  return { required: t("emailRequired"), invalid_email: t("emailInvalid") };
}

export function passwordMessages(t: TFunction<"auth">): Record<string, string> {
  return {
    required: t("passwordRequired"),
    too_short: t("passwordTooShort", { min: PASSWORD_MIN }),
    too_long: t("passwordTooLong", { max: PASSWORD_MAX }),
    blank: t("passwordBlank"),
    mismatch: t("passwordsDoNotMatch"),
  };
}

/** The server's password refusals (Better Auth's and decision 004's codes), on the field. */
export function passwordCodes<F extends string>(
  t: TFunction<"auth">,
  field: F,
): Record<string, { field: F; message: string }> {
  const on = (message: string) => ({ field, message });
  return {
    PASSWORD_TOO_SHORT: on(t("passwordTooShort", { min: PASSWORD_MIN })),
    PASSWORD_TOO_LONG: on(t("passwordTooLong", { max: PASSWORD_MAX })),
    PASSWORD_BLANK: on(t("passwordBlank")),
    PASSWORD_TOO_COMMON: on(t("passwordTooWeak")),
    PASSWORD_TOO_WEAK: on(t("passwordTooWeak")),
  };
}
