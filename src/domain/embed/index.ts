export * from "./access.ts";
export * from "./domains.ts";
export * from "./options.ts";
export * from "./call-to-action.ts";
export * from "./usage.ts";
