/**
 * "Continue with Google" on the sign-in and sign-up pages. Filled in by the Google sign-in work (#3):
 * asks the server whether Google is configured and says so plainly when it is not.
 */
export function GoogleSignInButton() {
  return null;
}
