/** SPEC §2/§9: an unauthenticated visitor on a signed-in route is sent to /login after this delay. */
export const AUTH_REDIRECT_DELAY_MS = 300;

/**
 * Who a route serves: `signed-in` needs a session; `guest` (login) is for visitors only; `register` also
 * depends on registration being enabled; `public` serves everyone.
 */
export type RouteAccess = 'signed-in' | 'guest' | 'register' | 'public';

export interface RedirectInput {
  access: RouteAccess;
  isAuthenticated: boolean;
  /** The start-up silent refresh has answered. */
  sessionChecked: boolean;
  /** From the startup config; undefined while it loads (or if it failed), which never redirects. */
  registrationEnabled?: boolean;
}

export interface Redirect {
  to: string;
  delayMs: number;
}

/** Where, if anywhere, a route should send the visitor. */
export function decideRedirect(input: RedirectInput): Redirect | null {
  switch (input.access) {
    case 'signed-in':
      if (input.isAuthenticated || !input.sessionChecked) return null;
      return { to: '/login', delayMs: AUTH_REDIRECT_DELAY_MS };
    case 'guest':
      return input.isAuthenticated ? { to: '/c/new', delayMs: 0 } : null;
    case 'register':
      return input.registrationEnabled === false ? { to: '/login', delayMs: 0 } : null;
    case 'public':
      return null;
    default:
      return assertNever(input.access);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unhandled route access: ${String(value)}`);
}
