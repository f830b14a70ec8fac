import { Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/toast";
import { useLanguage } from "~/app/language";
import { LocalizedLink } from "~/components/localized-link";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/container";
import { PageSpinner } from "~/components/ui/page-spinner";
import { PlanBlockNote, usePlanBlock } from "~/features/plans";
import { useEmbedConfigs } from "../api/use-embed-configs";
import { useOrigin } from "../hooks/use-origin";
import { CreateEmbedDialog } from "./create-embed-dialog";
import { EmbedConfigCard } from "./embed-config-card";
import { EmbedTroubleshoot } from "./troubleshoot";

/** Spec §2 "Embed manager": the signed-in person's embed configurations as cards. */
export function EmbedManagerPage() {
  const { t } = useTranslation("embed");
  const lang = useLanguage();
  const origin = useOrigin();
  const query = useEmbedConfigs();
  const [createOpen, setCreateOpen] = useState(false);
  // every domain the plan allows is in use: adding one is refused before it is tried (issue 30)
  const block = usePlanBlock("embedDomains", { reason: () => t("manager.errors.planLimit") });

  // spec §8: errors.loadFailed is a toast and an inline banner
  useEffect(() => {
    if (query.isError) toast.error(t("manager.errors.loadFailed"), { id: "embed-load-failed" });
  }, [query.isError, t]);

  return (
    <Container className="py-8 sm:py-12" data-testid="embed-manager">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
            {t("manager.title")}
          </h1>
          <p className="mt-2 max-w-2xl leading-7 text-stone-600">{t("manager.intro")}</p>
        </div>
        <Button onClick={() => setCreateOpen(true)} data-testid="embed-create">
          <Plus aria-hidden="true" />
          {t("manager.create")}
        </Button>
      </div>

      <div className="mt-8">
        {query.isPending ? (
          <PageSpinner label={t("manager.loading")} />
        ) : query.isError ? (
          <div
            role="alert"
            className="flex flex-col gap-3 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 sm:flex-row sm:items-center sm:justify-between"
            data-testid="embed-load-error"
          >
            {t("manager.errors.loadFailed")}
            <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
              {t("manager.retry")}
            </Button>
          </div>
        ) : query.data.length === 0 ? (
          <Card data-testid="embed-empty">
            <h2 className="font-semibold text-stone-900">{t("manager.empty.title")}</h2>
            <p className="mt-1 text-sm leading-6 text-stone-600">{t("manager.empty.text")}</p>
            <Button className="mt-4" onClick={() => setCreateOpen(true)}>
              <Plus aria-hidden="true" />
              {t("manager.create")}
            </Button>
          </Card>
        ) : (
          <>
            {block ? (
              <div className="mb-5">
                <PlanBlockNote block={block} id="embed-domains-plan-block" />
              </div>
            ) : null}
            <ul className="grid gap-5 lg:grid-cols-2" data-testid="embed-cards">
              {query.data.map((config) => (
                <EmbedConfigCard
                  key={config.id}
                  config={config}
                  lang={lang}
                  origin={origin}
                  domainsBlockedBy={block ? "embed-domains-plan-block" : null}
                />
              ))}
            </ul>
          </>
        )}
      </div>

      {query.data?.length ? (
        <div className="mt-8">
          <EmbedTroubleshoot />
        </div>
      ) : null}

      <p className="mt-8 text-sm text-stone-600">
        <LocalizedLink
          to="/embed-generator"
          className="font-semibold text-brand-800 underline-offset-4 hover:underline"
        >
          {t("manager.toGenerator")}
        </LocalizedLink>
      </p>

      <CreateEmbedDialog open={createOpen} onOpenChange={setCreateOpen} />
    </Container>
  );
}
