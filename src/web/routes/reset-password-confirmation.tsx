import { ResetPasswordConfirmation } from "~/features/auth/components/reset-password-confirmation";

export default function Page() {
  return <ResetPasswordConfirmation />;
}
