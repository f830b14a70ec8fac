// What other features use of the profile feature.
export { fetchMe, fetchPlanUsage } from "./api/me-api";
export { meQueryKey, planUsageQueryKey } from "./api/me-keys";
