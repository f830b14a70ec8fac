// Fixed loopback ports for the e2e stack (override with E2E_PORT / E2E_MAIL_PORT when taken).
// The config, the serve script and the specs all read them from here.
export const appPort = Number(process.env.E2E_PORT ?? 3310);
export const mailPort = Number(process.env.E2E_MAIL_PORT ?? appPort + 1);

/** The origin the browser uses; BASE_URL of the server, so the Origin check and links agree. */
export const baseURL = `http://localhost:${appPort}`;
/** The JSON view of the mails the SMTP server received. */
export const mailApiURL = `http://127.0.0.1:${mailPort}`;
