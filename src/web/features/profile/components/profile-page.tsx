import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/toast";
import { updateMeRequestSchema, type MeResponse } from "#contracts/me.ts";
import { formatDateTime, formatDayOf } from "~/lib/format";
import { useLanguage } from "~/app/language";
import { LocalizedLink } from "~/components/localized-link";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { Container } from "~/components/ui/container";
import { ErrorAlert, Field, SubmitButton } from "~/components/ui/form-parts";
import { useContractForm } from "~/components/form/use-contract-form";
import { PageSpinner } from "~/components/ui/page-spinner";
import { fetchMe, meQueryKey, patchMe } from "../api/me-api";
import { AccountDataSection } from "./account-data-section";
import { NotificationsSection } from "./notifications-section";
import { PlanUsage } from "./plan-usage";
import { SignOutEverywhereSection } from "./sign-out-everywhere";
import { PasskeysSection } from "./passkeys-section";
import { TwoFactorSection } from "./two-factor-section";

/** Spec §2 "Profile". */
export function ProfilePage() {
  const { t } = useTranslation("profile");
  const query = useQuery({ queryKey: meQueryKey, queryFn: fetchMe, retry: false });

  useEffect(() => {
    if (query.isError) toast.error(t("loadError"), { id: "profile-load" });
  }, [query.isError, query.errorUpdatedAt, t]);

  return (
    <Container className="py-8 sm:py-12" data-testid="profile-page">
      <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{t("title")}</h1>
      <p className="mt-1 text-stone-600">{t("subtitle")}</p>
      <div className="mt-8">
        {query.isPending && <PageSpinner label={t("loading")} />}
        {query.isError && (
          <div className="space-y-4">
            <ErrorAlert testId="profile-load-error">{t("loadError")}</ErrorAlert>
            <Button variant="secondary" onClick={() => void query.refetch()}>
              {t("retry")}
            </Button>
          </div>
        )}
        {query.isSuccess && (
          <>
            <ProfileContent key={query.data.profile.updatedAt} me={query.data} />
            <NotificationsSection />
            <TwoFactorSection />
            <PasskeysSection />
            <SignOutEverywhereSection />
            <AccountDataSection />
          </>
        )}
      </div>
    </Container>
  );
}

const quickLinks = [
  { path: "/calculator", key: "linkCalculator" },
  { path: "/dashboard", key: "linkDashboard" },
  { path: "/calculator-history", key: "linkHistory" },
] as const;
const embedLinks = [
  { path: "/embed-manager", key: "linkEmbedManager" },
  { path: "/embed-generator", key: "linkEmbedGenerator" },
] as const;

function ProfileContent({ me }: { me: MeResponse }) {
  const { t } = useTranslation("profile");
  const lang = useLanguage();
  const queryClient = useQueryClient();
  // the schema the server parses with (src/contracts/me.ts): "" becomes null
  const messages = useMemo(() => {
    const avatar = t("avatarInvalid");
    return {
      fullName: { too_long: t("fullNameTooLong") },
      avatarUrl: { too_long: avatar, invalid_url: avatar, invalid: avatar },
    };
  }, [t]);
  const form = useContractForm({
    schema: updateMeRequestSchema,
    defaultValues: { fullName: me.profile.fullName ?? "", avatarUrl: me.profile.avatarUrl ?? "" },
    messages,
  });
  const [fullName, avatarUrl] = form.watch(["fullName", "avatarUrl"]);
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: patchMe,
    onSuccess: (updated) => {
      queryClient.setQueryData(meQueryKey, updated);
      toast.success(t("saveSuccess"));
    },
    onError: (caught) => {
      if (form.applyServerError(caught)) return;
      setSaveError(t("saveError"));
      toast.error(t("saveError"));
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    setSaveError(null);
    save.mutate(values);
  });

  const formatDate = (iso: string, withTime = false) => {
    const value = new Date(iso);
    if (Number.isNaN(value.getTime())) return "—";
    return withTime ? formatDateTime(value, lang) : formatDayOf(value, lang);
  };
  const role = me.profile.role;
  const roleLabel = t(`roles.${role}`, {
    defaultValue: role.charAt(0).toUpperCase() + role.slice(1),
  });
  const previewUrl = (avatarUrl ?? "").trim();
  const showPreview = /^https?:\/\/\S+$/i.test(previewUrl) && brokenUrl !== previewUrl;
  const initial = ((fullName ?? "").trim() || me.user.email).charAt(0).toUpperCase();

  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <section aria-labelledby="profile-details">
          <CardTitle as="h2" id="profile-details">
            {t("detailsTitle")}
          </CardTitle>
          <form
            noValidate
            onSubmit={onSubmit}
            className="mt-4 space-y-4"
            data-testid="profile-form"
          >
            {saveError && <ErrorAlert testId="profile-save-error">{saveError}</ErrorAlert>}
            <div className="flex items-center gap-4">
              <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 text-xl font-semibold text-brand-800">
                {showPreview ? (
                  <img
                    src={previewUrl}
                    alt={t("avatarPreviewAlt")}
                    className="size-full object-cover"
                    data-testid="profile-avatar-preview"
                    onError={() => setBrokenUrl(previewUrl)}
                  />
                ) : (
                  <span aria-hidden="true">{initial}</span>
                )}
              </div>
              <p className="text-sm text-stone-600">{t("avatarHelp")}</p>
            </div>
            <Field
              id="profile-full-name"
              data-testid="profile-full-name"
              label={t("fullName")}
              autoComplete="name"
              maxLength={200}
              error={form.fieldError("fullName")}
              {...form.register("fullName")}
            />
            <Field
              id="profile-avatar-url"
              data-testid="profile-avatar-url"
              label={t("avatarUrl")}
              type="url"
              inputMode="url"
              placeholder="https://…"
              error={form.fieldError("avatarUrl")}
              {...form.register("avatarUrl")}
            />
            <Field
              id="profile-email"
              data-testid="profile-email"
              label={t("email")}
              type="email"
              value={me.user.email}
              readOnly
              hint={t("emailReadOnly")}
            />
            <SubmitButton
              loading={save.isPending}
              loadingLabel={t("saving")}
              data-testid="profile-save"
            >
              {t("save")}
            </SubmitButton>
          </form>
        </section>
      </Card>

      <div className="space-y-6">
        <Card>
          <section aria-labelledby="profile-account">
            <CardTitle as="h2" id="profile-account">
              {t("accountTitle")}
            </CardTitle>
            <dl className="mt-4 space-y-3 text-sm" data-testid="profile-account-info">
              <div>
                <dt className="text-stone-500">{t("memberSince")}</dt>
                <dd className="font-medium text-stone-900" data-testid="profile-member-since">
                  {formatDate(me.profile.createdAt)}
                </dd>
              </div>
              <div>
                <dt className="text-stone-500">{t("lastUpdated")}</dt>
                <dd className="font-medium text-stone-900" data-testid="profile-last-updated">
                  {formatDate(me.profile.updatedAt, true)}
                </dd>
              </div>
              <div>
                <dt className="text-stone-500">{t("role")}</dt>
                <dd className="font-medium text-stone-900" data-testid="profile-role">
                  {roleLabel}
                </dd>
              </div>
              <div>
                <dt className="text-stone-500">{t("plan")}</dt>
                <dd className="font-medium text-stone-900">
                  <span data-testid="profile-plan">{t(`plans.${me.plan}`)}</span>{" "}
                  <LocalizedLink
                    to="/pricing"
                    className={buttonClasses({ variant: "link", className: "ms-1 font-normal" })}
                  >
                    {t("seePlans")}
                  </LocalizedLink>
                  <PlanUsage />
                </dd>
              </div>
            </dl>
          </section>
        </Card>

        <Card>
          <nav aria-labelledby="profile-links">
            <CardTitle as="h2" id="profile-links">
              {t("quickLinksTitle")}
            </CardTitle>
            <ul className="mt-3 space-y-2 text-sm">
              {quickLinks.map((l) => (
                <li key={l.path}>
                  <LocalizedLink to={l.path} className={buttonClasses({ variant: "link" })}>
                    {t(l.key)}
                  </LocalizedLink>
                </li>
              ))}
            </ul>
            <h3 className="mt-5 text-sm font-semibold text-stone-700">{t("embedTools")}</h3>
            <ul className="mt-2 space-y-2 text-sm">
              {embedLinks.map((l) => (
                <li key={l.path}>
                  <LocalizedLink to={l.path} className={buttonClasses({ variant: "link" })}>
                    {t(l.key)}
                  </LocalizedLink>
                </li>
              ))}
            </ul>
          </nav>
        </Card>
      </div>
    </div>
  );
}
