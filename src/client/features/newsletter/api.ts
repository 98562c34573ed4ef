import { trpcClient } from '../../trpc';

/** Newsletter sign-up: stored by newsletter.subscribe (POST /api/newsletter/subscribe); a repeat address gets the same thanks. */
export async function subscribeNewsletter(email: string): Promise<{ message: string }> {
  return trpcClient.newsletter.subscribe.mutate({ email });
}
