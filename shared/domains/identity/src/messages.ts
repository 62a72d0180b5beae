// The identity texts and limits without zod: the host's sign-in page (its Google button) shows them on the
// first screen, which loads no zod; the schemas are in ./identity.
/** Texts of section 8 (auth) and of the identity screens. One source for client and server. */
export const IDENTITY_MESSAGES = {
  emailNotVerified: 'Please verify your email address before signing in.',
  emailVerificationFailed: 'Email verification failed',
  invalidVerificationCode: 'Invalid or expired verification code',
  verificationSent: 'If the address needs verifying, a new code is on its way.',
  passwordResetFailed: 'Password reset failed',
  passwordResetSuccess: 'Password reset successfully',
  invalidResetToken: 'This reset link is invalid or has expired',
  forgotPasswordFailed: 'Failed to process password reset request',
  forgotPasswordSent: 'If an account exists for that address, a reset link is on its way.',
  googleSignInFailed: 'Google sign in failed',
  googleNotConfigured: 'Google sign-in is not set up for this installation.',
  googleCooldown: (seconds: number) => `Authentication cooldown active. Try again in ${seconds} seconds.`,
  currentPasswordWrong: 'Current password is incorrect',
  passwordChanged: 'Password changed successfully',
  tooManyAttempts: 'Too many attempts. Please try again later.',
} as const;

/** Verification codes are 6 digits. */
export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_TTL_MS = 24 * 60 * 60_000;
export const RESET_TOKEN_TTL_MS = 60 * 60_000;
