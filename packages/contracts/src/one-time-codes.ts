/**
 * The one-time code policy of DESIGN.md, the same for every code flow (account details, e-mail
 * change, password reset): the numbers the API enforces and the web shows.
 */
export const CODE_POLICY = {
  codeDigits: 6,
  emailCodeMinutes: 30,
  smsCodeMinutes: 10,
  /** Wrong entries that end one code; a resend keeps the count. */
  maxWrongCodes: 5,
  resendCooldownSeconds: 60,
  /** Sends per person and flow in an hour; one more locks the flow. */
  maxSendsPerHour: 5,
  /** Wrong entries per person across codes, sessions and flows within the window... */
  maxWrongPerPerson: 10,
  wrongWindowHours: 2,
  /** ...and how long the lock that follows lasts, as the lock after too many sends. */
  lockHours: 2,
  /** Messages an hour to one inbox or phone, all flows and people together. */
  maxMessagesPerRecipientPerHour: 20,
} as const;
