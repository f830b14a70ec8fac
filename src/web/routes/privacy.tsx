import { useTranslation } from "react-i18next";
import { LegalPage, type LegalSection } from "~/components/legal-page";
import {
  BACKUP_RETENTION_DAYS,
  LOG_RETENTION_DAYS,
  OPERATOR_ADDRESS,
  OPERATOR_NAME,
} from "~/app/site";
import { staticPage } from "~/app/static-page";

type PlainKey = "collect" | "use" | "storage" | "embeds" | "sharing" | "deletion" | "rights";
const legalBases = ["contract", "reminders", "security", "payments"] as const;
// what each kind of data is kept for, as the code does it (issue 30)
const retentions = [
  "account",
  "sessions",
  "mail",
  "signIn",
  "addresses",
  "logs",
  "backups",
] as const;
/** The page's order: the controller first, then what, why, on which basis, how long. */
const order = [
  "controller",
  "collect",
  "use",
  "legalBasis",
  "storage",
  "embeds",
  "sharing",
  "retention",
  "deletion",
  "rights",
] as const;

// served as HTML without the SPA runtime (decision 025)
export const handle = staticPage;

export default function PrivacyPage() {
  const { t } = useTranslation("legal");
  const plain = (key: PlainKey): LegalSection => ({
    key,
    title: t(`privacy.${key}.title`),
    text: t(`privacy.${key}.text`),
  });
  const controller: LegalSection = {
    key: "controller",
    title: t("privacy.controller.title"),
    text: [
      t("privacy.controller.text", {
        operator: OPERATOR_NAME ?? t("privacy.controller.defaultOperator"),
      }),
      ...(OPERATOR_ADDRESS ? [t("privacy.controller.address", { address: OPERATOR_ADDRESS })] : []),
    ],
  };
  const legalBasis: LegalSection = {
    key: "legalBasis",
    title: t("privacy.legalBasis.title"),
    items: legalBases.map((key) => t(`privacy.legalBasis.items.${key}`)),
  };
  const retention: LegalSection = {
    key: "retention",
    title: t("privacy.retention.title"),
    items: retentions.map((key) =>
      t(`privacy.retention.items.${key}`, {
        days: key === "logs" ? LOG_RETENTION_DAYS : BACKUP_RETENTION_DAYS,
      }),
    ),
  };
  const composed = { controller, legalBasis, retention };
  return (
    <LegalPage
      kicker={t("privacy.kicker")}
      title={t("privacy.title")}
      intro={t("privacy.intro")}
      sections={order.map((key) =>
        key in composed ? composed[key as keyof typeof composed] : plain(key as PlainKey),
      )}
    />
  );
}
