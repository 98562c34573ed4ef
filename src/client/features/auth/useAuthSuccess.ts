import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';
import { safeRedirect } from '../../routing/access';
import { homePathFor, type SessionUser, saveSession } from '../../state/session';

/** Stores the new session and goes to `?redirect=` or the role's home. */
export function useAuthSuccess() {
  const [, navigate] = useLocation();
  const search = useSearch();
  return useCallback(
    (answer: { token: string; user: unknown; userType: string }) => {
      const redirect = safeRedirect(new URLSearchParams(search).get('redirect'));
      const type = saveSession({ token: answer.token, user: answer.user as SessionUser, userType: answer.userType });
      navigate(redirect ?? homePathFor(type), { replace: true });
    },
    [navigate, search],
  );
}

/** Keeps `?redirect=` when moving between the sign-in screens. */
export function withRedirect(path: string, search: string): string {
  const redirect = new URLSearchParams(search).get('redirect');
  if (!redirect) return path;
  const joiner = path.includes('?') ? '&' : '?';
  return `${path}${joiner}redirect=${encodeURIComponent(redirect)}`;
}
