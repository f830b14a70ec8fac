// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "~/lib/api-client";
import { apiCalls, installContractServer, route, serve } from "~/test/msw";
import type { SessionState } from "~/lib/use-session";
import { authUser } from "../test/auth-api";
import { renderAt } from "../test/render";
import { sessionState, withSession } from "../test/session";
import { AuthForm } from "./auth-form";

installContractServer();

function renderForm(at: string, signIn: SessionState["signIn"] = async () => "signed-in") {
  return renderAt(
    at,
    {
      "/signin": <AuthForm mode="signin" />,
      "/signup": <AuthForm mode="signup" />,
      "/nl/signup": <AuthForm mode="signup" />,
      "/verify-email": <p>verify page</p>,
      "/nl/verify-email": <p>verify page</p>,
    },
    withSession(sessionState("signed-out", { signIn })),
  );
}

function fill(fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
}

afterEach(cleanup);

describe("AuthForm", () => {
  it("sign-in mode: forgot-password link and a link to sign up", () => {
    renderForm("/signin");
    expect(screen.getByRole("link", { name: "Forgot your password?" }).getAttribute("href")).toBe(
      "/forgot-password",
    );
    expect(screen.getByRole("link", { name: "Create an account" }).getAttribute("href")).toBe(
      "/signup",
    );
    expect(screen.queryByLabelText("Full name (optional)")).toBeNull();
  });

  it("checks the fields before sending anything", async () => {
    const signIn = vi.fn(async () => "signed-in" as const);
    renderForm("/signin", signIn);
    fill({ "E-mail": "not-an-address" });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Enter a valid e-mail address")).toBeTruthy();
    expect(screen.getByText("Enter your password")).toBeTruthy();
    expect(screen.getByLabelText("E-mail").getAttribute("aria-invalid")).toBe("true");
    expect(signIn).not.toHaveBeenCalled();
  });

  it("an unverified e-mail: a clear message in the red box and a resend button", async () => {
    // not in the endpoint registry (issue 16): a raw route, recorded but unchecked
    serve(
      route("post", "/api/auth/send-verification-email", () => Response.json({ status: true })),
    );
    renderForm("/signin", async () => {
      throw new ApiError(403, "EMAIL_NOT_VERIFIED", "Email not verified");
    });
    fill({ "E-mail": " amina@example.com ", Password: "whatever-it-is" });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Your e-mail address is not verified yet.");
    fireEvent.click(screen.getByRole("button", { name: "Send the verification e-mail again" }));
    await screen.findByText(/A new verification e-mail is on its way/);
    expect(apiCalls()[0]).toMatchObject({
      path: "/api/auth/send-verification-email",
      body: { email: "amina@example.com", callbackURL: "http://localhost:3000/verify-email" },
    });
  });

  it("unknown codes fall back to the server's message", async () => {
    renderForm("/signin", async () => {
      throw new ApiError(400, "SOMETHING_NEW", "Something new happened");
    });
    fill({ "E-mail": "a@b.co", Password: "x" });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Something new happened");
  });

  it("sign-up: the password rule from the server, before any request", async () => {
    renderForm("/signup");
    fill({ "E-mail": "a@b.co", Password: "1234567" });
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByText("Password must be at least 8 characters long")).toBeTruthy();
    expect(apiCalls()).toEqual([]);
  });

  it("sign-up: blank and easily guessed passwords are refused before any request", async () => {
    renderForm("/signup");
    fill({ "E-mail": "a@b.co", Password: "        " });
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByText("The password cannot be only spaces")).toBeTruthy();
    fill({ Password: "abcdefgh" });
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByText(/too easy to guess/)).toBeTruthy();
    expect(apiCalls()).toEqual([]);
  });

  it("sign-up: a strength meter, as a progressbar and a polite live text", async () => {
    renderForm("/nl/signup");
    fill({ Wachtwoord: "aaaaaaaa" });
    const meter = await screen.findByRole("progressbar", { name: "Sterkte van het wachtwoord" });
    expect(meter.getAttribute("aria-valuenow")).toBe("0");
    expect(meter.getAttribute("aria-valuetext")).toBe("Heel zwak");
    const text = screen.getByTestId("password-strength-text");
    expect(text.getAttribute("aria-live")).toBe("polite");
    expect(text.textContent).toBe("Sterkte van het wachtwoord: Heel zwak");
    fill({ Wachtwoord: "correct horse battery staple 42" });
    await waitFor(() => expect(meter.getAttribute("aria-valuenow")).toBe("4"));
    expect(text.textContent).toBe("Sterkte van het wachtwoord: Heel sterk");
  });

  it("sign-up success goes to /verify-email?sent=1 in the page language", async () => {
    serve(
      route("post", "/api/auth/sign-up/email", () =>
        Response.json({ token: null, user: { ...authUser, emailVerified: false } }),
      ),
    );
    renderForm("/nl/signup");
    fill({
      "Volledige naam (optioneel)": " Amina ",
      "E-mailadres": "amina@example.com",
      Wachtwoord: "a long pass phrase",
    });
    fireEvent.click(screen.getByRole("button", { name: "Account aanmaken" }));
    await waitFor(() =>
      expect(screen.getByTestId("location").textContent).toBe("/nl/verify-email?sent=1"),
    );
    expect(apiCalls()[0]).toMatchObject({
      path: "/api/auth/sign-up/email",
      body: {
        email: "amina@example.com",
        password: "a long pass phrase",
        name: "Amina",
        callbackURL: "http://localhost:3000/nl/verify-email",
      },
    });
  });

  it("sign-up refused: the translated reason", async () => {
    serve(
      route("post", "/api/auth/sign-up/email", () =>
        Response.json(
          { code: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL", message: "User already exists." },
          { status: 422 },
        ),
      ),
    );
    renderForm("/signup");
    fill({ "E-mail": "a@b.co", Password: "a long pass phrase" });
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(/already exists/);
  });

  it("sign-up: the server's field error lands on its field, focused, in the page language", async () => {
    serve(
      route("post", "/api/auth/sign-up/email", () =>
        Response.json(
          {
            error: {
              code: "VALIDATION_FAILED",
              message: "Validation failed.",
              fields: { name: "invalid_characters" },
            },
          },
          { status: 400 },
        ),
      ),
    );
    renderForm("/nl/signup");
    fill({
      "Volledige naam (optioneel)": "Amina",
      "E-mailadres": "a@b.co",
      Wachtwoord: "a long pass phrase",
    });
    fireEvent.click(screen.getByRole("button", { name: "Account aanmaken" }));
    const name = screen.getByLabelText("Volledige naam (optioneel)");
    await waitFor(() => expect(name.getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById(`${name.id}-error`)?.textContent).toBe(
      "Dit bevat tekens die niet opgeslagen kunnen worden. Verwijder ze en probeer het opnieuw.",
    );
    expect(name.getAttribute("aria-describedby")).toContain(`${name.id}-error`);
    expect(document.activeElement).toBe(name);
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
