/** The identity and wallet routes of the api (issues 4 and 5); one place to follow them. */
export const AUTH_PATHS = {
  me: '/api/v1/me',
  wallet: '/api/v1/wallet',
  login: '/api/v1/sessions',
  logout: '/api/v1/sessions/current',
} as const;
