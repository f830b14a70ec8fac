// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { apiCalls, installContractServer, route, serve } from "~/test/msw";
import { renderAt } from "../test/render";
import { ResetPasswordForm } from "./reset-password-form";

installContractServer();
afterEach(cleanup);

/** The error text shown under the field labelled `label` (its aria-describedby), if any. */
function errorUnder(label: string): string | null {
  const input = screen.getByLabelText(label);
  if (input.getAttribute("aria-invalid") !== "true") return null;
  return document.getElementById(`${input.id}-error`)?.textContent ?? null;
}

function fill(password: string, confirm: string) {
  fireEvent.change(screen.getByLabelText("New password"), { target: { value: password } });
  fireEvent.change(screen.getByLabelText("Confirm password"), { target: { value: confirm } });
  fireEvent.click(screen.getByRole("button", { name: "Set new password" }));
}

describe("ResetPasswordForm", () => {
  const routes = { "/reset-password": <ResetPasswordForm />, "/signin": <p>sign-in page</p> };

  // Spec §5: the match is said even when the password itself is refused; each on its field.
  const short = "Password must be at least 8 characters long";
  const mismatch = "Passwords do not match";
  const required = "Enter your password";
  it.each([
    { password: "abc", confirm: "abd", own: short, match: mismatch },
    { password: "abc", confirm: "abc", own: short, match: null },
    { password: "longenough1", confirm: "longenough2", own: null, match: mismatch },
    { password: "", confirm: "x", own: required, match: mismatch },
    { password: "", confirm: "", own: required, match: null },
  ])("$password / $confirm → $own / $match", async ({ password, confirm, own, match }) => {
    renderAt("/reset-password?token=tok123", routes);
    fill(password, confirm);
    await waitFor(() =>
      expect([errorUnder("New password"), errorUnder("Confirm password")]).toEqual([own, match]),
    );
    expect(apiCalls()).toEqual([]);
  });

  it("refuses an easily guessed password before any request, with a strength meter", async () => {
    renderAt("/reset-password?token=tok123", routes);
    fill("Password1!", "Password1!");
    expect(await screen.findByRole("progressbar", { name: "Password strength" })).toBeTruthy();
    await waitFor(() =>
      expect(errorUnder("New password")).toBe(
        "This password is too easy to guess. Add a few more words or make it longer.",
      ),
    );
    expect(apiCalls()).toEqual([]);
  });

  it("sends the new password with the token, then goes to sign-in", async () => {
    serve(route("post", "/api/auth/reset-password", () => Response.json({ status: true })));
    renderAt("/reset-password?token=tok123", routes);
    fill("correct horse battery", "correct horse battery");
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/signin"));
    expect(apiCalls()).toHaveLength(1);
    expect(apiCalls()[0]).toMatchObject({
      method: "POST",
      path: "/api/auth/reset-password",
      body: { newPassword: "correct horse battery", token: "tok123" },
    });
  });

  it("says the address is verified when a verification link landed here (decision 046)", () => {
    renderAt("/fr/reset-password?token=tok123&verified=1", {
      "/:lang/reset-password": <ResetPasswordForm />,
    });
    expect(
      screen.getByText(/Votre adresse e-mail est vérifiée\. Choisissez le mot de passe/),
    ).toBeTruthy();
    cleanup();
    renderAt("/reset-password?token=tok123", routes);
    expect(screen.getByText("Enter your new password twice.")).toBeTruthy();
  });

  it("shows the server's refusal in the red box", async () => {
    serve(
      route("post", "/api/auth/reset-password", () =>
        Response.json({ code: "INVALID_TOKEN", message: "Invalid token" }, { status: 400 }),
      ),
    );
    renderAt("/reset-password?token=old", routes);
    fill("correct horse battery", "correct horse battery");
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe(
        "This link is invalid or has expired. Ask for a new one.",
      ),
    );
  });

  it.each(["/reset-password", "/reset-password?error=INVALID_TOKEN"])(
    "%s: no usable token → message and a way to sign in",
    (at) => {
      renderAt(at, routes);
      expect(screen.getByRole("alert").textContent).toMatch(/invalid or has expired/);
      expect(screen.getByRole("link", { name: "Go to sign in" }).getAttribute("href")).toBe(
        "/signin",
      );
      expect(screen.queryByLabelText("New password")).toBeNull();
    },
  );

  it("speaks French under /fr", async () => {
    renderAt("/fr/reset-password?token=t", { "/fr/reset-password": <ResetPasswordForm /> });
    fireEvent.change(screen.getByLabelText("Nouveau mot de passe"), { target: { value: "a" } });
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer le mot de passe" }));
    await waitFor(() =>
      expect(errorUnder("Confirmer le mot de passe")).toBe(
        "Les mots de passe ne correspondent pas",
      ),
    );
  });

  it("puts the server's password refusal on the password field", async () => {
    serve(
      route("post", "/api/auth/reset-password", () =>
        Response.json({ code: "PASSWORD_TOO_COMMON", message: "Too common" }, { status: 400 }),
      ),
    );
    renderAt("/reset-password?token=tok123", routes);
    fill("correct horse battery", "correct horse battery");
    await waitFor(() =>
      expect(errorUnder("New password")).toBe(
        "This password is too easy to guess. Add a few more words or make it longer.",
      ),
    );
    expect(screen.queryByRole("alert")).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText("New password"));
  });
});
