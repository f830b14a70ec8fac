import { NisabPage } from "~/features/tracker/components/nisab-page";

export default function Page() {
  return <NisabPage />;
}
