import { accountEndpoints } from "./endpoints/account.ts";
import { authEndpoints } from "./endpoints/auth.ts";
import { calculationEndpoints } from "./endpoints/calculations.ts";
import { calculatorEndpoints } from "./endpoints/calculator.ts";
import { calendarFeedEndpoints } from "./endpoints/calendar-feeds.ts";
import { embedEndpoints } from "./endpoints/embed.ts";
import { metaEndpoints } from "./endpoints/meta.ts";
import { trackerEndpoints } from "./endpoints/tracker.ts";
import type { Endpoint } from "./endpoints/types.ts";
import { workspaceEndpoints } from "./endpoints/workspaces.ts";

// The endpoint registry: one entry per route, the source of GET /api/openapi.json.
// Add the entry in the same change as the route; a test checks the document covers the app.
// One module per area under endpoints/; the order here is the document's.

export type { Endpoint, EndpointResponse, HttpMethod } from "./endpoints/types.ts";

export const endpoints: Endpoint[] = [
  ...metaEndpoints,
  ...authEndpoints,
  ...accountEndpoints,
  ...workspaceEndpoints,
  ...embedEndpoints,
  ...calendarFeedEndpoints,
  ...calculationEndpoints,
  ...trackerEndpoints,
  ...calculatorEndpoints,
];
