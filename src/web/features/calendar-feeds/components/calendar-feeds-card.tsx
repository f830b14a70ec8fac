import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarPlus, Check, Copy, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/toast";
import type { CalendarFeedDto, CreatedCalendarFeedDto } from "#contracts/calendar-feeds.ts";
import { formatDayOf } from "~/lib/format";
import { useLanguage } from "~/app/language";
import { LocalizedLink } from "~/components/localized-link";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { ConfirmButton } from "~/components/ui/confirm-button";
import { ErrorAlert, Notice, SubmitButton } from "~/components/ui/form-parts";
import { Spinner } from "~/components/ui/page-spinner";
import { PlanBlockNote, usePlanBlock } from "~/features/plans";
import { planUsageQueryKey } from "~/features/profile";
import { useWorkspaceError } from "~/features/workspaces";
import { ApiError } from "~/lib/api-client";
import {
  calendarFeedsQueryKey,
  createCalendarFeed,
  fetchCalendarFeeds,
  revokeCalendarFeed,
} from "../api/calendar-feeds-api";

/**
 * Workspace settings, "Calendar feeds" (issue 15, decision 016): create a secret iCalendar URL
 * of the workspace's milestones (shown once, with how to add it to Google, Apple and Outlook),
 * the live feeds with their creation date, and revoking. The plan's limit is said at the
 * button, disabled, before it is pressed (PlanBlockNote, issue 30), and links to /pricing.
 */
export function CalendarFeedsCard({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation("calendar-feeds");
  const lang = useLanguage();
  const describeError = useWorkspaceError();
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<CreatedCalendarFeedDto | null>(null);
  const [error, setError] = useState<{ text: string; planLimit: boolean } | null>(null);
  const feeds = useQuery({
    queryKey: calendarFeedsQueryKey(workspaceId),
    queryFn: () => fetchCalendarFeeds(workspaceId),
  });
  // the plan's room, said at the button before it is pressed (issue 30)
  const block = usePlanBlock("calendarIntegrations", { reason: () => t("planLimit") });
  const create = useMutation({
    mutationFn: () => createCalendarFeed(workspaceId, { language: lang }),
    onSuccess: async (feed) => {
      setCreated(feed);
      void queryClient.invalidateQueries({ queryKey: planUsageQueryKey });
      await queryClient.invalidateQueries({ queryKey: calendarFeedsQueryKey(workspaceId) });
    },
    onError: (caught) => {
      const planLimit = caught instanceof ApiError && caught.code === "PLAN_LIMIT_REACHED";
      setError({
        text: planLimit ? t("planLimit") : describeError(caught, t("createFailed")),
        planLimit,
      });
    },
  });
  const list = feeds.data ?? [];

  return (
    <Card>
      <section aria-labelledby="calendar-feeds" data-testid="calendar-feeds-card">
        <CardTitle as="h2" id="calendar-feeds" tabIndex={-1}>
          {t("title")}
        </CardTitle>
        <CardDescription className="mt-1">{t("description")}</CardDescription>
        <div className="mt-4 space-y-4">
          {error && (
            <ErrorAlert testId="calendar-feed-error">
              <p>{error.text}</p>
              {error.planLimit && (
                <LocalizedLink
                  to="/pricing"
                  className={buttonClasses({ variant: "link", className: "mt-2" })}
                  data-testid="calendar-feed-plan-link"
                >
                  {t("seePlans")}
                </LocalizedLink>
              )}
            </ErrorAlert>
          )}
          {created && <CreatedFeed feed={created} onDone={() => setCreated(null)} />}
          {block && !error && <PlanBlockNote block={block} id="calendar-feed-plan-block" />}
          <SubmitButton
            type="button"
            loading={create.isPending}
            loadingLabel={t("creating")}
            disabled={block !== null}
            aria-describedby={block ? "calendar-feed-plan-block" : undefined}
            onClick={() => {
              setError(null);
              setCreated(null);
              create.mutate();
            }}
            data-testid="create-calendar-feed"
          >
            <CalendarPlus aria-hidden="true" />
            {t("create")}
          </SubmitButton>
        </div>

        {feeds.isPending && (
          <p role="status" className="mt-4 flex items-center gap-2 text-sm text-stone-600">
            <Spinner className="size-4" />
            {t("loading")}
          </p>
        )}
        {feeds.isError && (
          <div className="mt-4 space-y-3">
            <ErrorAlert testId="calendar-feeds-load-error">{t("loadFailed")}</ErrorAlert>
            <Button variant="secondary" size="sm" onClick={() => void feeds.refetch()}>
              {t("retry")}
            </Button>
          </div>
        )}
        {feeds.isSuccess && list.length === 0 && (
          <p className="mt-4 text-sm text-stone-600" data-testid="calendar-feeds-empty">
            {t("empty")}
          </p>
        )}
        {list.length > 0 && (
          <ul className="mt-4 divide-y divide-stone-200" data-testid="calendar-feeds-list">
            {list.map((feed) => (
              <FeedRow
                key={feed.id}
                workspaceId={workspaceId}
                feed={feed}
                created={formatDayOf(feed.createdAt, lang)}
              />
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}

/** The new feed's URL, shown once, with a copy button and what to do with it. */
function CreatedFeed({ feed, onDone }: { feed: CreatedCalendarFeedDto; onDone: () => void }) {
  const { t } = useTranslation("calendar-feeds");
  const inputId = useId();
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(feed.url);
      setCopied(true);
      toast.success(t("copied"));
    } catch {
      // no clipboard (permissions, an old browser): select it for Ctrl+C
      const input = document.getElementById(inputId) as HTMLInputElement | null;
      input?.focus();
      input?.select();
      toast.error(t("copyFailed"));
    }
  }

  return (
    <Notice tone="success" testId="calendar-feed-created">
      <p className="font-semibold">{t("createdTitle")}</p>
      <p className="mt-1">{t("createdOnce")}</p>
      <label htmlFor={inputId} className="mt-3 block font-medium">
        {t("urlLabel")}
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <input
          id={inputId}
          readOnly
          value={feed.url}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-lg border border-stone-300 bg-white px-3 py-2 font-mono text-xs text-stone-900"
          data-testid="calendar-feed-url"
        />
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => void copy()}
          data-testid="copy-calendar-feed"
        >
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? t("copiedShort") : t("copy")}
        </Button>
      </div>
      <a
        href={feed.webcalUrl}
        className={buttonClasses({ variant: "link", className: "mt-3" })}
        data-testid="calendar-feed-webcal"
      >
        {t("subscribe")}
      </a>
      <ul className="mt-3 list-disc space-y-1 ps-5">
        <li>{t("howGoogle")}</li>
        <li>{t("howApple")}</li>
        <li>{t("howOutlook")}</li>
      </ul>
      <p className="mt-3">{t("refreshNote")}</p>
      <p className="mt-1">{t("windowNote")}</p>
      <Button type="button" variant="ghost" size="sm" className="mt-2" onClick={onDone}>
        {t("done")}
      </Button>
    </Notice>
  );
}

function FeedRow({
  workspaceId,
  feed,
  created,
}: {
  workspaceId: string;
  feed: CalendarFeedDto;
  created: string;
}) {
  const { t } = useTranslation("calendar-feeds");
  const describeError = useWorkspaceError();
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: () => revokeCalendarFeed(workspaceId, feed.id),
    onSuccess: async () => {
      void queryClient.invalidateQueries({ queryKey: planUsageQueryKey });
      await queryClient.invalidateQueries({ queryKey: calendarFeedsQueryKey(workspaceId) });
      toast.success(t("revoked"));
      // the row and its button are gone: keep the keyboard in this card
      document.getElementById("calendar-feeds")?.focus();
    },
    onError: (caught) => toast.error(describeError(caught, t("revokeFailed"))),
  });
  const who = feed.createdByMe ? t("byYou") : t("byOther", { name: feed.createdByName ?? "—" });

  return (
    <li
      className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid="calendar-feed-row"
    >
      <div className="min-w-0 text-sm">
        <p className="font-medium text-stone-900">{t("createdOn", { date: created })}</p>
        <p className="mt-1 text-stone-600">
          {who} · {t(`languages.${feed.language}`)}
        </p>
      </div>
      {feed.canRevoke && (
        <ConfirmButton
          testId="revoke-calendar-feed-dialog"
          destructive
          fallbackFocus={() => document.getElementById("calendar-feeds")}
          trigger={
            <Button
              variant="danger"
              size="sm"
              className="self-start sm:self-center"
              aria-label={t("revokeNamed", { date: created })}
              data-testid="revoke-calendar-feed"
            >
              <Trash2 aria-hidden="true" />
              {t("revoke")}
            </Button>
          }
          title={t("revokeTitle")}
          description={t("revokeConfirm")}
          cancelLabel={t("cancel")}
          confirmLabel={t("revoke")}
          pendingLabel={t("revoking")}
          onConfirm={() => revoke.mutateAsync()}
        />
      )}
    </li>
  );
}
