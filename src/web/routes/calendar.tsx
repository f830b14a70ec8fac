import { CalendarPage } from "~/features/calendar/components/calendar-page";

export default function Page() {
  return <CalendarPage />;
}
