import { randomBytes } from "node:crypto";
import type { ReceivedMail } from "./smtp.ts";
import type { TestApp } from "./test-app.ts";

export const testPassword = "correct horse battery staple 42";

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomBytes(5).toString("hex")}@example.test`;
}

/** The raw message with quoted-printable undone: enough to find links in it. */
function readableMail(mail: ReceivedMail): string {
  return mail.raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The first link in the message whose path starts with `pathPrefix`, as path + query. */
export function linkInMail(mail: ReceivedMail, pathPrefix: string): string {
  for (const match of readableMail(mail).matchAll(/https?:\/\/[^\s"<>)]+/g)) {
    const url = new URL(match[0].replaceAll("&amp;", "&"));
    if (url.pathname.startsWith(pathPrefix)) return `${url.pathname}${url.search}`;
  }
  throw new Error(`no ${pathPrefix} link in the message to ${mail.to.join(", ")}`);
}

function cookiesOf(response: Response, jar: Map<string, string>): void {
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(";", 1)[0]!;
    const index = pair.indexOf("=");
    const name = pair.slice(0, index).trim();
    const value = pair.slice(index + 1).trim();
    if (value === "" || /max-age=0/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
}

export interface SignedInUser {
  id: string;
  email: string;
  /** the Cookie header of the session */
  cookie: string;
  /** testApp.request with the session cookie */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** JSON request with the session cookie */
  json(method: string, path: string, body?: unknown): Promise<Response>;
}

/**
 * The real flow: sign up, open the link of the verification e-mail that reached the test
 * SMTP server, sign in. Returns the user with a session cookie.
 */
export async function signUpAndSignIn(
  testApp: TestApp,
  email: string = uniqueEmail(),
  options: { name?: string; password?: string } = {},
): Promise<SignedInUser> {
  const password = options.password ?? testPassword;
  const post = (path: string, body: unknown) =>
    testApp.request(path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  // mail may have reached this address before (an invitation): the verification is the next one
  const earlier = testApp.smtp.messages.filter((m) => m.to.includes(email.toLowerCase())).length;
  const signUp = await post("/api/auth/sign-up/email", {
    email,
    password,
    name: options.name ?? "",
    callbackURL: "/verify-email",
  });
  if (signUp.status !== 200) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);

  const mail = await testApp.smtp.waitFor(email, undefined, earlier);
  // opened in the browser that signed up (its binding cookie): that browser chose the
  // password, so verifying keeps it (decision 046)
  const binding = signUp.headers
    .getSetCookie()
    .map((line) => line.split(";", 1)[0]!)
    .join("; ");
  const verify = await testApp.request(linkInMail(mail, "/api/auth/verify-email"), {
    headers: { cookie: binding },
  });
  if (verify.status >= 400) throw new Error(`verify: ${verify.status} ${await verify.text()}`);

  const jar = new Map<string, string>();
  const signIn = await post("/api/auth/sign-in/email", { email, password });
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
  cookiesOf(signIn, jar);
  const { user } = (await signIn.json()) as { user: { id: string } };
  const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

  return signedInWith(testApp, { id: user.id, email }, cookie);
}

/** The account `who` as a client sending `cookie` (a session's Cookie header). */
export function signedInWith(
  testApp: TestApp,
  who: { id: string; email: string },
  cookie: string,
): SignedInUser {
  const request = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("cookie", cookie);
    return testApp.request(path, { ...init, headers });
  };
  return {
    ...who,
    cookie,
    request,
    json: (method, path, body) =>
      request(path, {
        method,
        ...(body === undefined
          ? {}
          : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
      }),
  };
}
