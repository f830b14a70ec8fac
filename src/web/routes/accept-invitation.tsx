import { AcceptInvitationView } from "~/features/workspaces/components/accept-invitation-view";

export default function Page() {
  return <AcceptInvitationView />;
}
