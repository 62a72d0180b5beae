/** Business constants and limits of docs/requirements.md §9, one place for every app and the server. */
export const TOAST_DURATION_MS = 4000;
export const DROPDOWN_MAX_HEIGHT = '15rem';
export const MULTISELECT_MAX_CHIPS = 2;
export const NOTES_PAGE_SIZE = 10;
export const NOTES_COMPACT_LIMIT = 5;
export const NOTES_COMPACT_DEFAULT = 3;
export const NOTE_SEARCH_DEBOUNCE_MS = 300;
export const EMAIL_MIN_LENGTH = 5;
export const EMAIL_MAX_LENGTH = 254;
export const CONTACT_FORM_BODY_HEIGHT_PX = 420;
export const API_TIMEOUT_MS = 10_000;
export const AUTO_LOGIN_TIMEOUT_MS = 5_000;
export const HOME_AUTO_LOGIN_STOP_MS = 3_000;
export const CSRF_RENEWAL_LIMIT = 3;
export const CSRF_RENEWAL_WINDOW_MS = 60_000;
export const NOTIFICATION_POLL_MS = 10_000;
export const NOTIFICATION_LIST_LIMIT = 20;
export const BUSINESS_REFRESH_MS = 5 * 60_000;
export const BUSINESS_REFRESH_MIN_GAP_MS = 5_000;
export const LOGO_CACHE_MS = 5 * 60_000;
export const GOOGLE_AUTH_COOLDOWN_MS = 60_000;
export const GOOGLE_CALLBACK_WINDOW_MS = 30_000;
export const WEATHER_REFRESH_MS = 30 * 60_000;
export const CLOCK_TICK_MS = 60_000;
export const GEOLOCATION_TIMEOUT_MS = 10_000;
export const WEATHER_RETRIES = 2;
export const CHUNK_LOAD_RETRIES = 3;
export const CHUNK_LOAD_BASE_DELAY_MS = 1000;
export const SEARCH_DEBOUNCE_MS = 300;
export const RECENT_SEARCHES_MAX = 5;
export const SEARCH_DROPDOWN_MAX_HEIGHT_PX = 400;
export const PROJECT_CACHE_MS = 300_000;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const QUERY_RETRY = 1;
export const SIDEBAR_WIDTH_EXPANDED = 64;
export const SIDEBAR_WIDTH_COLLAPSED = 16;
/** Header badge count shown by the spec; its meaning is not specified. */
export const HEADER_BADGE_COUNT = 3;

/** Local storage keys of docs/requirements.md §3. */
export const STORAGE_KEYS = {
  token: 'token',
  authTokenTimestamp: 'authTokenTimestamp',
  lastActivity: 'lastActivity',
  darkMode: 'darkMode',
  recentSearches: 'recentSearches',
  modalPositions: 'modalPositions',
  autoLoginRetryCount: 'autoLoginRetryCount',
} as const;

/** Cookie names: the product prefix plus a purpose. */
export const COOKIE_PREFIX = 'atrium_';
export const XSRF_COOKIE = `${COOKIE_PREFIX}xsrf`;
export const XSRF_HEADER = 'x-xsrf-token';
export const ACCESS_COOKIE = `${COOKIE_PREFIX}at`;
export const REFRESH_COOKIE = `${COOKIE_PREFIX}rt`;

export const API_ROOT = '/api/v1';

export const CONTACT_STATUSES = ['Active', 'Inactive'] as const;
export const NOTE_CATEGORIES = ['general', 'meeting', 'call', 'email', 'project', 'follow-up'] as const;
export const TASK_STATUSES = ['todo', 'in_progress', 'blocked', 'completed'] as const;
export const TASK_PRIORITIES = ['low', 'regular', 'high'] as const;
export const PROJECT_STAGES = ['planning', 'in_progress', 'review', 'completed'] as const;
export const MEMBER_ROLES = ['owner', 'admin', 'member'] as const;

/** The sidebar order of docs/requirements.md §2; remotes name their entries with these keys. */
export const SIDEBAR_ORDER = [
  'home',
  'projects',
  'tasks',
  'contacts',
  'calendar',
  'finance',
  'documents',
  'contact-forms',
  'emails',
  'communities',
  'automation',
  'subscription',
  /** Company-domain users only (docs/requirements.md §6); nav entries carry requires: 'companyDomain'. */
  'admin-users',
] as const;
export type SidebarKey = (typeof SIDEBAR_ORDER)[number];
