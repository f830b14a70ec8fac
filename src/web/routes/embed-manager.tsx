import { EmbedManagerPage } from "~/features/embed/components/embed-manager-page";

export default function Page() {
  return <EmbedManagerPage />;
}
