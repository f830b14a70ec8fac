import { EmbedGeneratorPage } from "~/features/embed/components/embed-generator-page";

export default function Page() {
  return <EmbedGeneratorPage />;
}
