export * from "./access.ts";
export * from "./domains.ts";
export * from "./options.ts";
