// STUB (owned by the auth/account helper): the header's workspace switcher (spec §2).
export function WorkspaceSwitcher() {
  return null;
}
