// What other features use of the history feature.
export { calculationsQueryKey } from "./api/query-keys";
export { useLatestCalculations } from "./api/use-calculations";
export { CalculationList } from "./components/calculation-list";
