import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/toast";
import { useSession } from "~/lib/use-session";

/** Signs out (the session hook then goes home); a failure becomes a toast. */
export function useLogout(): () => Promise<void> {
  const { t } = useTranslation();
  const { signOut } = useSession();
  return async () => {
    try {
      await signOut();
    } catch (error) {
      console.error("Sign-out failed", error);
      toast.error(t("nav.logoutFailed"));
    }
  };
}
