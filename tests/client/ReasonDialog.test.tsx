import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReasonDialog } from '../../src/client/features/admin/Dialogs';

afterEach(cleanup);

/** The dialog as the admin screens use it: the page hands a refused request (a 4xx) to `failed`, as a mutation's onError. */
function Harness({ onConfirm }: { onConfirm: (reason: string) => string | null }) {
  return (
    <ReasonDialog
      open
      title="Block this account?"
      label="Reason for blocking"
      confirmLabel="Block account"
      onConfirm={(reason, failed) => {
        const refusal = onConfirm(reason);
        if (refusal)
          failed(TRPCClientError.from({ error: { message: refusal, code: -32600, data: { httpStatus: 400, code: 'BAD_REQUEST' } } }));
      }}
      onClose={() => undefined}
    />
  );
}

const alertText = () => screen.queryByRole('alert')?.textContent ?? null;
// Validation is asynchronous (the zod resolver): each step lets it settle.
const type = (value: string) => act(async () => fireEvent.change(screen.getByLabelText(/Reason for blocking/), { target: { value } }));
const submit = () => act(async () => fireEvent.click(screen.getByTestId('admin-reason-submit')));

describe('ReasonDialog', () => {
  it('clears the "too short" error as soon as the reason is edited', async () => {
    const confirm = vi.fn(() => null);
    render(<Harness onConfirm={confirm} />);
    await submit();
    expect(alertText()).toContain('at least 3 characters');
    await type('Repeated no-shows');
    expect(alertText()).toBeNull();
    await submit();
    expect(confirm).toHaveBeenCalledWith('Repeated no-shows');
  });

  it("hides the server's refusal once the reason is edited, and shows a new one after the next try", async () => {
    render(<Harness onConfirm={() => 'This salon is no longer pending'} />);
    await type('Spam');
    await submit();
    expect(alertText()).toContain('no longer pending');
    await type('Spam account');
    expect(alertText()).toBeNull();
    await submit();
    expect(alertText()).toContain('no longer pending');
  });
});
