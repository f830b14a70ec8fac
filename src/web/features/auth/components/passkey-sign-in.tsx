import { KeyRound } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import {
  conditionalPasskeysAvailable,
  getPasskey,
  isPasskeyCancel,
  passkeysSupported,
} from "~/lib/webauthn";
import { useSession } from "~/lib/use-session";

/**
 * "Sign in with a passkey" (decision 071), and the same offered in the e-mail field's autofill
 * where the browser can (conditional UI: the field's autocomplete says `webauthn`).
 */
export function PasskeySignIn({ onError }: { onError(error: unknown): void }) {
  const { t } = useTranslation("auth");
  const { finishSignIn } = useSession();
  const [supported, setSupported] = useState(false);
  const [busy, setBusy] = useState(false);
  const waiting = useRef<AbortController | null>(null);

  async function signInWith(conditional: boolean) {
    waiting.current?.abort();
    const controller = new AbortController();
    waiting.current = controller;
    // auth-api comes with the first sign-in (decision 035)
    const api = await import("../api/auth-api");
    const options = await api.passkeyAuthenticateOptions();
    const response = await getPasskey(options, { conditional, signal: controller.signal });
    if (!conditional) setBusy(true);
    await api.verifyPasskeyAuthentication(response);
    await finishSignIn();
  }

  useEffect(() => {
    setSupported(passkeysSupported());
    let stopped = false;
    void conditionalPasskeysAvailable().then((available) => {
      if (!available || stopped) return;
      signInWith(true).catch((error: unknown) => {
        if (!isPasskeyCancel(error)) onError(error);
      });
    });
    return () => {
      stopped = true;
      waiting.current?.abort();
    };
    // once per visit of the page
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!supported) return null;
  return (
    <Button
      variant="secondary"
      size="lg"
      className="w-full"
      disabled={busy}
      data-testid="passkey-signin"
      onClick={() => {
        signInWith(false)
          .catch((error: unknown) => {
            if (!isPasskeyCancel(error)) onError(error);
          })
          .finally(() => setBusy(false));
      }}
    >
      <KeyRound className="size-4" aria-hidden />
      {t("secondFactor.passkeySignIn")}
    </Button>
  );
}
