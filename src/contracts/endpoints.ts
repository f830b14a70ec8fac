import { accountEndpoints } from "./endpoints/account.ts";
import { authEndpoints } from "./endpoints/auth.ts";
import { calculationEndpoints } from "./endpoints/calculations.ts";
import { calculatorEndpoints } from "./endpoints/calculator.ts";
import { calendarFeedEndpoints } from "./endpoints/calendar-feeds.ts";
import { embedEndpoints } from "./endpoints/embed.ts";
import { metaEndpoints } from "./endpoints/meta.ts";
import { statementEndpoints } from "./endpoints/statements.ts";
import { trackerEndpoints } from "./endpoints/tracker.ts";
import type { Endpoint } from "./endpoints/types.ts";
import { workspaceEndpoints } from "./endpoints/workspaces.ts";

// The endpoint registry: every route, declared once (decision 028), each a named constant of
// its area's module. The server binds handlers to them (server/http/route.ts), the web calls
// them (web/lib/api-client.ts `request`), GET /api/openapi.json documents them, and the
// authorization matrix, the fuzz test and the web's fake API read them. Tests fail on a route
// mounted without a declaration and on a declaration no route serves.
// One module per area under endpoints/; the order here is the document's.

export {
  endpoint,
  routePattern,
  type AnswerAt,
  type AnswerOf,
  type BodyInputOf,
  type BodyOf,
  type Endpoint,
  type EndpointResponse,
  type HttpMethod,
  type PathParamName,
  type PathParams,
  type QueryInputOf,
  type QueryOf,
} from "./endpoints/types.ts";

export const endpoints: readonly Endpoint[] = [
  ...metaEndpoints,
  ...authEndpoints,
  ...accountEndpoints,
  ...workspaceEndpoints,
  ...embedEndpoints,
  ...calendarFeedEndpoints,
  ...calculationEndpoints,
  ...trackerEndpoints,
  ...statementEndpoints,
  ...calculatorEndpoints,
];
