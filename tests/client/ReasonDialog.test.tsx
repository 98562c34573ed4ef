import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReasonDialog } from '../../src/client/features/admin/Dialogs';

afterEach(cleanup);

/** The dialog as the admin screens use it: the page turns a refused request into `error`. */
function Harness({ onConfirm }: { onConfirm: (reason: string) => string | null }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <ReasonDialog
      open
      title="Block this account?"
      label="Reason for blocking"
      confirmLabel="Block account"
      error={error}
      onConfirm={(reason) => setError(onConfirm(reason))}
      onClose={() => undefined}
    />
  );
}

const alertText = () => screen.queryByRole('alert')?.textContent ?? null;
const type = (value: string) => act(() => fireEvent.change(screen.getByLabelText(/Reason for blocking/), { target: { value } }));
const submit = () => act(() => fireEvent.click(screen.getByTestId('admin-reason-submit')));

describe('ReasonDialog', () => {
  it('clears the "too short" error as soon as the reason is edited', () => {
    const confirm = vi.fn(() => null);
    render(<Harness onConfirm={confirm} />);
    submit();
    expect(alertText()).toContain('at least 3 characters');
    type('Repeated no-shows');
    expect(alertText()).toBeNull();
    submit();
    expect(confirm).toHaveBeenCalledWith('Repeated no-shows');
  });

  it("hides the server's refusal once the reason is edited, and shows a new one after the next try", () => {
    render(<Harness onConfirm={() => 'This salon is no longer pending'} />);
    type('Spam');
    submit();
    expect(alertText()).toContain('no longer pending');
    type('Spam account');
    expect(alertText()).toBeNull();
    submit();
    expect(alertText()).toContain('no longer pending');
  });
});
