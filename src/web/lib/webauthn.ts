// The browser's side of passkeys (WebAuthn, decision 071) with the standard's own JSON forms
// (PublicKeyCredential.parse…OptionsFromJSON and toJSON): the server's options go to the
// authenticator as they are, its answer goes back as JSON. A browser without them gets no
// passkey buttons.

/** A credential as PublicKeyCredential.toJSON() writes it. */
export type WebAuthnJson = Record<string, unknown>;

interface JsonCapableCredential {
  parseCreationOptionsFromJSON(options: unknown): PublicKeyCredentialCreationOptions;
  parseRequestOptionsFromJSON(options: unknown): PublicKeyCredentialRequestOptions;
  isConditionalMediationAvailable?: () => Promise<boolean>;
}

function credentialApi(): JsonCapableCredential | null {
  if (typeof window === "undefined" || !("PublicKeyCredential" in window)) return null;
  const api = window.PublicKeyCredential as unknown as Partial<JsonCapableCredential>;
  return typeof api.parseCreationOptionsFromJSON === "function" &&
    typeof api.parseRequestOptionsFromJSON === "function"
    ? (api as JsonCapableCredential)
    : null;
}

/** Whether this browser can add and use passkeys here. */
export function passkeysSupported(): boolean {
  return credentialApi() !== null;
}

/** Whether the browser offers passkeys in the e-mail field's autofill (conditional UI). */
export async function conditionalPasskeysAvailable(): Promise<boolean> {
  const api = credentialApi();
  return (await api?.isConditionalMediationAvailable?.().catch(() => false)) ?? false;
}

function toJson(credential: Credential | null): WebAuthnJson {
  if (!credential) throw new DOMException("No credential", "NotAllowedError");
  return (credential as unknown as { toJSON(): WebAuthnJson }).toJSON();
}

/** Asks the authenticator for a new passkey with the server's creation options. */
export async function createPasskey(options: unknown): Promise<WebAuthnJson> {
  const api = credentialApi();
  if (!api) throw new DOMException("Passkeys unsupported", "NotSupportedError");
  const publicKey = api.parseCreationOptionsFromJSON(options);
  return toJson(await navigator.credentials.create({ publicKey }));
}

/**
 * Asks for a passkey with the server's request options: at once (a button), or `conditional`
 * (offered in the e-mail field's autofill until `signal` aborts).
 */
export async function getPasskey(
  options: unknown,
  { conditional = false, signal }: { conditional?: boolean; signal?: AbortSignal } = {},
): Promise<WebAuthnJson> {
  const api = credentialApi();
  if (!api) throw new DOMException("Passkeys unsupported", "NotSupportedError");
  const publicKey = api.parseRequestOptionsFromJSON(options);
  const credential = await navigator.credentials.get({
    publicKey,
    signal,
    ...(conditional ? { mediation: "conditional" as CredentialMediationRequirement } : {}),
  });
  return toJson(credential);
}

/** The person closed the browser's dialog or another request took its place: say nothing. */
export function isPasskeyCancel(error: unknown): boolean {
  return (
    error instanceof DOMException &&
    (error.name === "NotAllowedError" || error.name === "AbortError")
  );
}
