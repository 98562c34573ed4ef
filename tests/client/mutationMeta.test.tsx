import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MutationMeta } from '../../src/client/mutationMeta';
import { appStore } from '../../src/client/state/session';
import { toastsAtom } from '../../src/client/state/toast';
import { createAppQueryClient, createAppTRPCClient, trpc } from '../../src/client/trpc';

/**
 * The app's own query client and tRPC client against a fake /trpc (msw): what a mutation's
 * `meta` declares (toasts, invalidations) is done once by the MutationCache.
 */
let messagesReads = 0;
const thanks = () => HttpResponse.json([{ result: { data: { message: 'Thanks!' } } }]);
let contactAnswer: () => Response = thanks;

const server = setupServer(
  http.get('*/trpc/support.getSupportMessages', () => {
    messagesReads++;
    return HttpResponse.json([{ result: { data: { data: { messages: [] } } } }]);
  }),
  http.post('*/trpc/support.createContactUs', () => contactAnswer()),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  appStore.set(toastsAtom, []);
  messagesReads = 0;
  contactAnswer = thanks;
});
afterAll(() => server.close());

const refusal = (message: string, httpStatus: number) =>
  HttpResponse.json([{ error: { message, code: -32600, data: { code: 'BAD_REQUEST', httpStatus, field: 'subject' } } }], {
    status: httpStatus,
  });

const INPUT = {
  name: 'Asha',
  email: 'asha@example.com',
  subject: 'Hello there',
  message: 'A question about bookings.',
  type: 'General' as const,
};

function Screen({ meta, onResult }: { meta?: MutationMeta; onResult: (r: unknown) => void }) {
  trpc.support.getSupportMessages.useQuery({});
  const send = trpc.support.createContactUs.useMutation({ meta });
  return (
    <button type="button" onClick={() => send.mutateAsync(INPUT).then(onResult, onResult)}>
      send
    </button>
  );
}

async function sendWith(meta?: MutationMeta): Promise<{ result: unknown; readsBefore: number; readsWhenSettled: number }> {
  const queryClient = createAppQueryClient();
  let settle: (r: unknown) => void = () => undefined;
  const settled = new Promise<unknown>((resolve) => (settle = resolve));
  let readsWhenSettled = -1;
  render(
    <QueryClientProvider client={queryClient}>
      <trpc.Provider client={createAppTRPCClient()} queryClient={queryClient}>
        <Screen
          meta={meta}
          onResult={(r) => {
            readsWhenSettled = messagesReads;
            settle(r);
          }}
        />
      </trpc.Provider>
    </QueryClientProvider>,
  );
  await act(async () => {
    await expect.poll(() => messagesReads).toBe(1);
  });
  const readsBefore = messagesReads;
  await act(async () => screen.getByRole('button').click());
  const result = await act(async () => settled);
  return { result, readsBefore, readsWhenSettled };
}

const toasts = () => appStore.get(toastsAtom).map((t) => `${t.kind}: ${t.message}`);

describe('mutation meta, handled once by the MutationCache', () => {
  it('shows the success toast and refreshes the named queries before mutateAsync resolves', async () => {
    const { result, readsBefore, readsWhenSettled } = await sendWith({
      successToast: 'Message sent.',
      errorToast: 'Could not send.',
      invalidates: ['support.getSupportMessages'],
    });
    expect(result).toEqual({ message: 'Thanks!' });
    expect(toasts()).toEqual(['success: Message sent.']);
    expect(readsBefore).toBe(1);
    expect(readsWhenSettled).toBe(2);
  });

  it('toasts what a function of the answer says, and nothing when it says null', async () => {
    await sendWith({ successToast: (answer: { message: string }) => `Sent: ${answer.message}` });
    expect(toasts()).toEqual(['success: Sent: Thanks!']);
    cleanup();
    appStore.set(toastsAtom, []);
    messagesReads = 0;
    const { readsWhenSettled } = await sendWith({ successToast: () => null, invalidates: ['support.getSupportMessages'] });
    expect(toasts()).toEqual([]);
    expect(readsWhenSettled).toBe(2);
  });

  it('takes a whole router as what to refresh', async () => {
    const { readsWhenSettled } = await sendWith({ invalidates: ['support'] });
    expect(readsWhenSettled).toBe(2);
    expect(toasts()).toEqual([]);
  });

  it('shows the server’s refusal in its words, without the field name', async () => {
    contactAnswer = () => refusal('subject: a subject needs at least 3 letters', 400);
    const { result, readsWhenSettled } = await sendWith({
      successToast: 'Message sent.',
      errorToast: 'Could not send.',
      invalidates: ['support'],
    });
    expect(result).toBeInstanceOf(Error);
    expect(toasts()).toEqual(['error: A subject needs at least 3 letters']);
    expect(readsWhenSettled).toBe(1);
  });

  it('shows the fallback when the failure has no message for people', async () => {
    contactAnswer = () => HttpResponse.error();
    await sendWith({ errorToast: 'Could not send.' });
    expect(toasts()).toEqual(['error: Could not send.']);
  });

  it('does nothing a mutation did not ask for', async () => {
    contactAnswer = () => refusal('subject: too short', 400);
    await sendWith(undefined);
    expect(toasts()).toEqual([]);
  });
});
