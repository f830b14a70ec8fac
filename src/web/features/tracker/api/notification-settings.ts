import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  NotificationSettings,
  UpdateNotificationSettingsRequest,
} from "#contracts/notifications.ts";
import { requestCompiled } from "~/lib/api-client";
import { getNotificationSettings, updateNotificationSettings } from "~/lib/signed-in-calls";
import { writeReviewDefaults } from "../components/review-schedule";

// The person's notification settings, kept on the server (GET/PATCH
// /api/me/notification-settings, issue 15): the notification settings dialog and the profile
// edit the same cache entry. Their review choice is also the one proposed for the next
// threshold, remembered on this device for the review-schedule setup. Every signed-in page
// reads them (and writes them once, use-remember-reminder-locale.ts): both answers are checked
// by their generated parsers, zod only when a parser cannot say yes (decision 035).

export const notificationSettingsQueryKey = ["me", "notification-settings"] as const;

export async function fetchNotificationSettings(): Promise<NotificationSettings> {
  return requestCompiled(getNotificationSettings);
}

export async function patchNotificationSettings(
  body: UpdateNotificationSettingsRequest,
): Promise<NotificationSettings> {
  return requestCompiled(updateNotificationSettings, { body });
}

/** The browser's time zone ("Europe/Brussels"), or null when it says none. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

export function useNotificationSettings() {
  return useQuery({ queryKey: notificationSettingsQueryKey, queryFn: fetchNotificationSettings });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchNotificationSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationSettingsQueryKey, saved);
      writeReviewDefaults({ quarterly: saved.quarterlyReviews, monthly: saved.monthlyReviews });
    },
  });
}
