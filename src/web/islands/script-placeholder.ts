/**
 * Where a static page's prerendered HTML asks for the islands' script (decision 025); the build
 * bundles src/web/islands/static-page.ts and writes its hashed name here (scripts/build-islands.ts).
 */
export const ISLANDS_SCRIPT_PLACEHOLDER = "/assets/__hawl-islands__.js";
