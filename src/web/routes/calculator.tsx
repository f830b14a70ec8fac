import { CalculatorPage } from "~/features/calculator/components/calculator-page";

export default function Page() {
  return <CalculatorPage />;
}
