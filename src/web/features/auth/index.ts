// What other features use of the auth feature.
export { signOutEverywhereRequest } from "./api/auth-api";
