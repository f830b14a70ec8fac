import { Hono } from "hono";
import type { AppDeps } from "./deps.ts";
import { createAuth, getSessionUser, type AuthOptions } from "./auth/auth.ts";
import { authRoutes } from "./auth/routes.ts";
import { createBilling } from "./billing/stripe.ts";
import { billingRoutes, billingWebhookRoutes } from "./http/billing.ts";
import { calculateRoutes } from "./http/calculate.ts";
import { calendarFeedRoutes } from "./http/calendar-feeds.ts";
import { calculationRoutes } from "./http/calculations.ts";
import { statementRoutes } from "./http/statements.ts";
import { trackerRoutes } from "./http/tracker.ts";
import type { AppEnv } from "./http/context.ts";
import { devOutbox, devOutboxRoutes } from "./http/dev-outbox.ts";
import { embedConfigRoutes } from "./http/embed-configs.ts";
import { embedPageRoutes } from "./http/embed-page.ts";
import { embedEventRoutes, type EmbedEventLimits } from "./http/embed-events.ts";
import { createErrorHandler, notFoundHandler } from "./http/error-handler.ts";
import { healthRoutes } from "./http/health.ts";
import { invitationRoutes } from "./http/invitations.ts";
import { meRoutes } from "./http/me.ts";
import { openApiRoutes } from "./http/openapi.ts";
import { createAppPriceService, priceRoutes, rateRoutes } from "./http/prices.ts";
import { requestContext } from "./http/request-context.ts";
import { jsonBodiesOnly, limitBody, originCheck } from "./http/request-guards.ts";
import { compressAnswers } from "./http/encoding.ts";
import { seoRoutes } from "./http/seo.ts";
import { readUnreadBody } from "./http/read-request-body.ts";
import { securityHeaders, setHeaders } from "./http/security-headers.ts";
import { requireSession, type SessionResolver } from "./http/session.ts";
import { staticWeb } from "./http/static-web.ts";
import { unsubscribeRoutes } from "./http/unsubscribe.ts";
import { refuseControlCharacters } from "./http/text-guard.ts";
import { workspaceRoutes } from "./http/workspaces.ts";
import type { InvitationRateLimits } from "../contracts/workspaces.ts";
import type { RecipientMailLimits } from "./mail/recipient-cap.ts";
import type { SignInFailureLimit } from "./auth/sign-in-failures.ts";
import { endpoints } from "../contracts/endpoints.ts";
import { countRequests } from "./metrics/count-requests.ts";
import { createMetrics, metricsEnabled } from "./metrics/metrics.ts";
import { metricsRoutes } from "./metrics/metrics-routes.ts";

export type { AppDeps };

export interface AppOptions {
  /** Better Auth settings (tests lower the rate limits) */
  auth?: AuthOptions;
  /** replaces the Better Auth session lookup (tests of the HTTP layer only) */
  resolveSession?: SessionResolver;
  /** invitations per hour per workspace and owner (tests that send many raise them) */
  invitationLimits?: InvitationRateLimits;
  /** embed beacons per minute per key and address (tests of the limit lower it) */
  embedEventLimits?: EmbedEventLimits;
  /** auth and invitation e-mails per address and hour (tests that send many raise it) */
  mailPerRecipient?: RecipientMailLimits;
  /** fetches per calendar feed in a window (tests of the limit lower it) */
  calendarFeedLimit?: SignInFailureLimit;
}

export type { AppEnv };

/**
 * Builds the whole HTTP app. Order matters: logging and security headers wrap everything,
 * the origin/body guards protect /api/*, Better Auth owns /api/auth/*, then our resources,
 * then the built web for every other path.
 */
export function createApp(deps: AppDeps, options: AppOptions = {}): Hono<AppEnv> {
  const { env, database, logger } = deps;
  const https = env.BASE_URL.startsWith("https://");
  // the one given shares its mail counts with the jobs (main.ts); else one of its own
  const metrics = deps.metrics ?? (metricsEnabled(env) ? createMetrics({ database }) : undefined);
  const auth = createAuth(deps, { mailPerRecipient: options.mailPerRecipient, ...options.auth });
  const resolveSession: SessionResolver =
    options.resolveSession ?? ((headers, setCookie) => getSessionUser(auth, headers, setCookie));
  const signedIn = requireSession(resolveSession);
  const db = database.db;

  const app = new Hono<AppEnv>();
  app.onError(createErrorHandler({ databaseAnswers: () => database.ping() }));
  app.notFound(notFoundHandler);

  // outermost, so the time counted is the whole request's (decision 062)
  if (metrics) app.use(countRequests(metrics));
  app.use(requestContext({ logger, trustProxy: env.TRUST_PROXY }));
  app.use(securityHeaders({ https }));
  // the request's body is read before any answer goes: the connection stays usable
  app.use(readUnreadBody());
  // one body limit for every route: the API, Better Auth, the webhook, /unsubscribe (issue 28)
  app.use(limitBody(env.BODY_LIMIT_BYTES, endpoints));

  app.route("/", healthRoutes(database));
  // with METRICS_TOKEN only; 404 otherwise (METRICS_PORT has a listener of its own: main.ts)
  app.route("/", metricsRoutes(env.METRICS_TOKEN ? (metrics ?? null) : null, env.METRICS_TOKEN));
  const billing = createBilling(env);
  app.route("/", billingWebhookRoutes({ db: database.db, billing }));

  app.use("/api/*", originCheck(env.BASE_URL));
  app.use("/api/*", jsonBodiesOnly());
  // JSON answers above 1 KB compressed (br or gzip), Better Auth's never (decision 014)
  app.use("/api/*", compressAnswers());
  app.use("/api/*", async (c, next) => {
    await next();
    // answers about one person: never kept by a shared cache
    if (!c.res.headers.has("cache-control")) setHeaders(c, { "Cache-Control": "no-store" });
  });
  // text no person types is refused here, for every route, Better Auth's too (text-guard.ts)
  app.use("/api/*", refuseControlCharacters());

  app.route("/api/auth", authRoutes(auth, { ...deps, metrics }));
  app.route("/", openApiRoutes({ baseUrl: env.BASE_URL }));
  const defaultPlan = env.DEFAULT_PLAN;
  app.route("/", meRoutes({ db, requireSession: signedIn, defaultPlan, billing }));
  app.route(
    "/",
    workspaceRoutes({
      db,
      requireSession: signedIn,
      mailer: deps.mailer,
      logger,
      baseUrl: env.BASE_URL,
      now: deps.now,
      defaultPlan,
      invitationLimits: options.invitationLimits,
      mailPerRecipient: options.mailPerRecipient,
    }),
  );
  app.route("/", invitationRoutes({ db, requireSession: signedIn, now: deps.now }));
  const prices = createAppPriceService(deps);
  app.route("/", calculationRoutes({ db, requireSession: signedIn, now: deps.now, prices }));
  app.route(
    "/",
    trackerRoutes({ db, engine: database.engine, requireSession: signedIn, now: deps.now }),
  );
  app.route("/", statementRoutes({ db, requireSession: signedIn, defaultPlan, now: deps.now }));
  app.route(
    "/",
    calendarFeedRoutes({
      db,
      requireSession: signedIn,
      baseUrl: env.BASE_URL,
      defaultPlan,
      feedFetchLimit: options.calendarFeedLimit,
      now: deps.now,
    }),
  );
  app.route("/", embedConfigRoutes({ db, requireSession: signedIn, defaultPlan, now: deps.now }));
  app.route(
    "/",
    embedEventRoutes({
      db,
      trustProxy: env.TRUST_PROXY,
      now: deps.now,
      limits: options.embedEventLimits,
    }),
  );
  app.route("/", billingRoutes({ db, billing, requireSession: signedIn, baseUrl: env.BASE_URL }));
  app.route("/", priceRoutes(prices));
  app.route(
    "/",
    rateRoutes(prices, () => deps.now?.() ?? new Date()),
  );
  app.route("/", calculateRoutes({ prices, now: deps.now }));
  app.all("/api/*", notFoundHandler);

  if (devOutbox(env).served) {
    const loopbackClientsOnly = !env.DEV_OUTBOX;
    app.route("/dev/outbox", devOutboxRoutes(deps.mailer, { loopbackClientsOnly }));
  }
  // a reminder e-mail's one-click unsubscribe: no session, POSTed by mail clients (RFC 8058)
  app.route("/", unsubscribeRoutes({ db, secret: env.BETTER_AUTH_SECRET, baseUrl: env.BASE_URL }));

  // the embed page from its own build (decision 010), before the web's files
  app.route("/", embedPageRoutes({ db, embedDir: env.EMBED_DIR, https }));
  // robots.txt and sitemap.xml from BASE_URL (issue 12)
  app.route("/", seoRoutes({ baseUrl: env.BASE_URL }));
  app.on(["GET", "HEAD"], "*", staticWeb({ webDir: env.WEB_DIR, https, baseUrl: env.BASE_URL }));
  return app;
}
