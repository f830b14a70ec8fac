import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { UpdateNotificationSettingsRequest } from "#contracts/notifications.ts";
import { useLanguage } from "~/app/language";
import { useSession } from "~/lib/use-session";
import {
  browserTimeZone,
  fetchNotificationSettings,
  notificationSettingsQueryKey,
  patchNotificationSettings,
} from "../api/notification-settings";

/**
 * Reminder e-mails follow the person's language and time zone (issue 15), which only a
 * browser knows. Someone who never saved their notification settings has neither: once signed
 * in, on any page, this page's language and the browser's zone are recorded, once, and only
 * where nothing is stored yet; a choice saved in the settings is never overwritten. Quiet: a
 * failure is tried again on the next page load.
 */
export function useRememberReminderLocale(): void {
  const session = useSession();
  const lang = useLanguage();
  const signedIn = session.status === "signed-in" && session.user?.emailVerified === true;
  const query = useQuery({
    queryKey: notificationSettingsQueryKey,
    queryFn: fetchNotificationSettings,
    enabled: signedIn,
    retry: false,
  });
  const queryClient = useQueryClient();
  const sent = useRef(false);
  useEffect(() => {
    const stored = query.data;
    if (!signedIn || !stored || sent.current) return;
    const zone = browserTimeZone();
    const changes: UpdateNotificationSettingsRequest = {
      ...(stored.language === null ? { language: lang } : {}),
      ...(stored.timeZone === null && zone ? { timeZone: zone } : {}),
    };
    if (Object.keys(changes).length === 0) return;
    sent.current = true;
    patchNotificationSettings(changes).then(
      (saved) => queryClient.setQueryData(notificationSettingsQueryKey, saved),
      () => {
        sent.current = false;
      },
    );
  }, [signedIn, query.data, lang, queryClient]);
}
