// What other features use of the calendar-feeds feature.
export { CalendarFeedsCard } from "./components/calendar-feeds-card";
