// STUB (owned by the auth/account helper): enforces the route table's access rules.
export function RouteGuard({ children }: { children: React.ReactNode }) {
  return <>{children}</>;
}
