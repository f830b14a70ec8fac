// The database schema (drizzle), one module per area under schema/; drizzle-kit reads this
// file (drizzle.config.ts), and the code imports the tables from here.
export * from "./schema/identity.ts";
export * from "./schema/workspaces.ts";
export * from "./schema/calculations.ts";
export * from "./schema/tracker.ts";
export * from "./schema/invitations.ts";
export * from "./schema/embed.ts";
export * from "./schema/calendar-feeds.ts";
export * from "./schema/billing.ts";
export * from "./schema/reminders.ts";
export * from "./schema/mail.ts";
export * from "./schema/second-factors.ts";
