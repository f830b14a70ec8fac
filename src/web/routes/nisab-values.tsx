import { NisabValuesPage } from "~/features/nisab-values/components/nisab-values-page";

export default function Page() {
  return <NisabValuesPage />;
}
