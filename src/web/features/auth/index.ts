// What other features use of the auth feature.
export {
  deletePasskey,
  disableTwoFactor,
  enableTwoFactor,
  listPasskeys,
  passkeyRegisterOptions,
  signOutEverywhereRequest,
  twoFactorEnabled,
  verifyPasskeyRegistration,
  verifyTotp,
} from "./api/auth-api";
