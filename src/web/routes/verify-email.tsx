import { VerifyEmailView } from "~/features/auth/components/verify-email-view";

export default function Page() {
  return <VerifyEmailView />;
}
