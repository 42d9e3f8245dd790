/** What every accepted password reset request is told, whether or not the address has an account. */
export const RESET_ACCEPTED = {
  status: "accepted",
  message: "If this address has an account, a link to choose a new password is on its way. It works once, for one hour.",
} as const;
