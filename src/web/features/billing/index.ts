// What other features use of the billing feature.
export { useBillingPortal } from "./use-billing-portal";
