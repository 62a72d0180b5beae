// The password rule's texts without zod: the sign-up and reset pages show the hint on the first screen, which
// loads no zod (the schema itself is passwordSchema in ./user).
export const PASSWORD_MIN = 8;
/** What a new-password field says about the rule below. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN} characters, with a letter and a number`;
export const PASSWORD_MESSAGES = {
  required: 'Password is required',
  tooShort: `Password must be at least ${PASSWORD_MIN} characters`,
  tooLong: 'Password must be at most 128 characters',
  weak: 'Password must contain a letter and a number',
} as const;
