import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { clearSession, getSession } from '../../state/session';
import { trpc } from '../../trpc';
import { detachPush } from '../push/push';

/** How long Logout waits for the server to end the session before signing out here regardless. */
const SERVER_LOGOUT_WAIT_MS = 1500;

/**
 * Logout: drops this browser's push subscription (server and browser), tells the server to end
 * this token's session (merchants/auth/logout for salon owners, users/logout for everyone else;
 * failures ignored, and not waited on for more than a moment), clears stored data, goes home.
 * The call is made before the stored token is cleared, as the request carries it.
 */
export function useLogout() {
  const [, navigate] = useLocation();
  const client = trpc.useUtils().client;
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await detachPush(client);
    const session = getSession();
    if (session.token) {
      const ending = (session.userType === 'merchant' ? client.merchantAuth.logout.mutate() : client.users.logout.mutate()).catch(
        () => undefined,
      );
      await Promise.race([ending, new Promise<void>((resolve) => setTimeout(resolve, SERVER_LOGOUT_WAIT_MS))]);
    }
    clearSession();
    queryClient.clear();
    navigate('/');
  }, [client, navigate, queryClient]);
}
