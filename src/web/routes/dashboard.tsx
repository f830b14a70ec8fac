import { DashboardPage } from "~/features/dashboard/components/dashboard-page";

export default function Page() {
  return <DashboardPage />;
}
