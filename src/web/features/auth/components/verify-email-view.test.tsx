// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SessionContext, type SessionState } from "~/lib/use-session";
import { renderAt } from "../test/render";
import { VerifyEmailView } from "./verify-email-view";

const signedOut: SessionState = {
  status: "signed-out",
  user: null,
  refresh: async () => {},
  signOut: async () => {},
  signIn: async () => "signed-in",
  finishSignIn: async () => {},
  redirecting: false,
  signingOut: false,
};

afterEach(cleanup);

function renderView(at: string) {
  return renderAt(
    at,
    { "/verify-email": <VerifyEmailView />, "/:lang/verify-email": <VerifyEmailView /> },
    (children) => <SessionContext.Provider value={signedOut}>{children}</SessionContext.Provider>,
  );
}

describe("VerifyEmailView after a link opened in another browser (decision 012)", () => {
  it.each([
    [
      "/verify-email?verified=1",
      "Sign in with your password",
      "Go to sign in",
      "Forgot your password?",
    ],
    [
      "/fr/verify-email?verified=1",
      "Connectez-vous avec votre mot de passe",
      "Aller à la connexion",
      "Mot de passe oublié\u202F?",
    ],
    ["/nl/verify-email?verified=1", "Log in met je wachtwoord", null, "Wachtwoord vergeten?"],
  ])("%s: verified, asks to sign in or reset", (at, text, signInLabel, resetLabel) => {
    renderView(at);
    expect(screen.getByTestId("verify-email-signin").textContent).toContain(text);
    const signIn = screen.getByTestId("go-to-signin");
    if (signInLabel) expect(signIn.textContent).toBe(signInLabel);
    expect(signIn.getAttribute("href")).toMatch(/\/signin$/);
    const reset = screen.getByTestId("forgot-password-link");
    expect(reset.textContent).toBe(resetLabel);
    expect(reset.getAttribute("href")).toMatch(/\/forgot-password$/);
    expect(screen.queryByTestId("verify-email-failed")).toBeNull();
  });
});

describe("VerifyEmailView when the link is opened again (issue 11)", () => {
  it.each([
    ["/verify-email?verified=already", "Already verified", "already verified"],
    ["/fr/verify-email?verified=already", "Déjà vérifiée", "déjà vérifiée"],
    ["/nl/verify-email?verified=already", "Al geverifieerd", "al geverifieerd"],
  ])("%s: says the address is already verified and offers to sign in", (at, title, text) => {
    renderView(at);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(title);
    expect(screen.getByTestId("verify-email-already").textContent).toContain(text);
    expect(screen.getByTestId("go-to-signin").getAttribute("href")).toMatch(/\/signin$/);
    expect(screen.queryByTestId("verify-email-failed")).toBeNull();
  });

  it("an expired link of an address not verified says it expired and how to get a new one", () => {
    renderView("/verify-email?error=TOKEN_EXPIRED");
    expect(screen.getByTestId("verify-email-failed").textContent).toContain("24 hours");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("This link has expired");
  });
});
