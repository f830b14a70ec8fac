// STUB (owned by the auth/account helper).
export function SessionProvider({ children }: { children: React.ReactNode }) {
  return <>{children}</>;
}
