/** User-facing texts of the spec (sections 2 and 8), letter for letter. */
export const MESSAGES = {
  sessionExpired: 'Session expired. Please sign in again.',
  authFailed: 'Authentication failed',
  invalidCredentials: 'Invalid credentials',
  requestTimedOut: 'Request timed out. Please check your connection and try again.',
  invalidResponse: 'Invalid response from server',
  autoLoginInProgress: 'Auto-login already in progress',
  autoLoginFailed: 'Auto-login failed',
  signupFailed: 'Signup failed',
  unexpected: 'An unexpected error occurred',
  signOutConfirm:
    'Are you sure you want to sign out? You will need to sign in again to access your account.',
  somethingWentWrong: 'Something went wrong',
  appUpdateAvailable: 'App Update Available',
  refreshPage: 'Refresh Page',
  tryAgain: 'Try Again',
  noResults: 'No results found',
  searchPlaceholder: 'Search anything...',
  duplicateCommunityName: 'A community with this name already exists. Please choose a different name.',
  contactCreated: 'Contact created successfully',
  contactCreateFailed: 'Failed to create contact. Please try again.',
  deleteContactConfirm: 'Are you sure you want to delete this contact? This action cannot be undone.',
} as const;
