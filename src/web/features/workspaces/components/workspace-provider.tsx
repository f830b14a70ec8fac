// STUB (owned by the auth/account helper).
export function WorkspaceProvider({ children }: { children: React.ReactNode }) {
  return <>{children}</>;
}
