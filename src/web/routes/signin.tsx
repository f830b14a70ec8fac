import { AuthForm } from "~/features/auth/components/auth-form";

export default function Page() {
  return <AuthForm mode="signin" />;
}
