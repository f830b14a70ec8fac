import { useTranslation } from "react-i18next";
import { LegalPage } from "~/components/legal-page";
import { staticPage } from "~/app/static-page";

const sections = ["service", "guidance", "account", "plans", "embed", "liability"] as const;

// served as HTML without the SPA runtime (decision 025)
export const handle = staticPage;

export default function TermsPage() {
  const { t } = useTranslation("legal");
  return (
    <LegalPage
      kicker={t("terms.kicker")}
      title={t("terms.title")}
      intro={t("terms.intro")}
      sections={sections.map((key) => ({
        key,
        title: t(`terms.${key}.title`),
        text: t(`terms.${key}.text`),
      }))}
    />
  );
}
