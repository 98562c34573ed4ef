import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChangePasswordCard } from '../../src/client/features/account/ChangePasswordCard';
import Login from '../../src/client/pages/auth/Login';
import { appStore } from '../../src/client/state/session';
import { toastsAtom } from '../../src/client/state/toast';
import { createAppQueryClient, createAppTRPCClient, trpc } from '../../src/client/trpc';

/**
 * Forms on useZodForm against a fake /trpc (msw): the shared zod schema refuses a wrong field
 * before anything is sent, and a server refusal that names a field lands under that field.
 */
const requests: string[] = [];
let changePasswordAnswer: () => Response = () => HttpResponse.json([{ result: { data: { message: 'Password changed.', token: 't' } } }]);

const server = setupServer(
  http.post('*/trpc/*', ({ request }) => {
    requests.push(new URL(request.url).pathname);
    return changePasswordAnswer();
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  appStore.set(toastsAtom, []);
  requests.length = 0;
});
afterAll(() => server.close());

const refusal = (message: string, field: string | null) =>
  HttpResponse.json([{ error: { message, code: -32600, data: { code: 'BAD_REQUEST', httpStatus: 400, field } } }], { status: 400 });

function renderApp(ui: React.ReactNode) {
  const queryClient = createAppQueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <trpc.Provider client={createAppTRPCClient()} queryClient={queryClient}>
        {ui}
      </trpc.Provider>
    </QueryClientProvider>,
  );
}

const type = (id: string, value: string) => fireEvent.input(document.getElementById(id)!, { target: { value } });
const submit = (testId: string) => act(async () => fireEvent.submit(screen.getByTestId(testId)));

async function changePassword(current: string, next: string, confirm = next) {
  renderApp(<ChangePasswordCard />);
  type('current-password', current);
  type('new-password', next);
  type('confirm-password', confirm);
  await submit('password-form');
}

describe('a form validated by the shared zod schema', () => {
  it('shows the schema’s message under the field and sends nothing', async () => {
    renderApp(<Login initialMode="customer" />);
    type('login-email', 'not-an-email');
    await submit('login-form');
    expect((await screen.findByTestId('login-email-error')).textContent).toBe('Enter a valid email address.');
    expect(screen.getByTestId('login-password-error').textContent).toBe('Password is required.');
    expect(document.getElementById('login-email')!.getAttribute('aria-invalid')).toBe('true');
    expect(requests).toEqual([]);
  });

  it('checks a field the server does not take (the confirmation) with the shared rule', async () => {
    await changePassword('Old-pass1', 'Glowing2026', 'Glowing2027');
    expect((await screen.findByTestId('confirm-password-error')).textContent).toBe('The two new passwords do not match.');
    expect(requests).toEqual([]);
  });
});

describe('serverErrorsTo', () => {
  it('puts a 400 that names a field under that field, in words for people', async () => {
    changePasswordAnswer = () => refusal('currentPassword: the current password is not correct', 'currentPassword');
    await changePassword('Wrong-pass1', 'Glowing2026');
    expect((await screen.findByTestId('current-password-error')).textContent).toBe('The current password is not correct');
    expect(requests).toEqual(['/trpc/users.changePassword']);
    expect(screen.queryByTestId('form-error')).toBeNull();
    expect(document.activeElement?.id).toBe('current-password');
  });

  it('shows a refusal about no field of the form as the form’s error', async () => {
    changePasswordAnswer = () => refusal('Too many attempts, try again later', null);
    await changePassword('Old-pass1', 'Glowing2026');
    expect((await screen.findByTestId('form-error')).textContent).toBe('Too many attempts, try again later');
    expect(screen.queryByTestId('current-password-error')).toBeNull();
  });

  it('shows the screen’s own text when the call fails without a message for people', async () => {
    changePasswordAnswer = () => HttpResponse.error();
    await changePassword('Old-pass1', 'Glowing2026');
    expect((await screen.findByTestId('form-error')).textContent).toBe('Could not change the password.');
  });
});
