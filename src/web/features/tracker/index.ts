// What other features use of the tracker feature: the zakat statement card (issue 33), also on
// the history and the dashboard.
export { StatementCard } from "./components/statement-card";
