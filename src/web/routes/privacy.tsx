import { useTranslation } from "react-i18next";
import { LegalPage } from "~/components/legal-page";
import { staticPage } from "~/app/static-page";

const sections = ["collect", "use", "storage", "embeds", "sharing", "deletion", "rights"] as const;

// served as HTML without the SPA runtime (decision 025)
export const handle = staticPage;

export default function PrivacyPage() {
  const { t } = useTranslation("legal");
  return (
    <LegalPage
      kicker={t("privacy.kicker")}
      title={t("privacy.title")}
      intro={t("privacy.intro")}
      sections={sections.map((key) => ({
        key,
        title: t(`privacy.${key}.title`),
        text: t(`privacy.${key}.text`),
      }))}
    />
  );
}
