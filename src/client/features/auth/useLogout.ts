import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { clearSession, getSession } from '../../state/session';
import { useTRPCClient } from '../../trpc';
import { detachPush } from '../push/push';

/**
 * Logout: drops this browser's push subscription (server and browser), tells the server for
 * merchants (errors ignored), clears stored data, goes home.
 */
export function useLogout() {
  const [, navigate] = useLocation();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await detachPush(client);
    if (getSession().userType === 'merchant') {
      try {
        await client.merchantAuth.logout.mutate();
      } catch {
        /* the stored session is dropped either way */
      }
    }
    clearSession();
    queryClient.clear();
    navigate('/');
  }, [client, navigate, queryClient]);
}
