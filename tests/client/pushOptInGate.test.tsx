import { act, cleanup, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Modal } from '../../src/client/components/ui/Modal';
import { PushOptInGate } from '../../src/client/features/push/PushOptInGate';
import { renderWithTrpc, resetSession, signInAsMerchant } from './trpcStub';

let closeOther: () => void = () => undefined;

/** The gate beside another dialog, as on /merchant/appointments with Confirm Booking open. */
function Screen({ otherOpen }: { otherOpen: boolean }) {
  const [open, setOpen] = useState(otherOpen);
  closeOther = () => setOpen(false);
  return (
    <>
      <Modal open={open} onClose={() => setOpen(false)} title="Confirm Booking" testId="confirm-modal">
        <p>Booking id</p>
      </Modal>
      <PushOptInGate />
    </>
  );
}

const advance = (ms: number) => act(async () => void vi.advanceTimersByTime(ms));

beforeEach(() => {
  window.localStorage.clear();
  signInAsMerchant();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
  cleanup();
  resetSession();
  window.localStorage.clear();
});

describe('push opt-in gate', () => {
  it('offers push a few seconds after sign-in when nothing else is open', async () => {
    renderWithTrpc(<Screen otherOpen={false} />, {});
    await advance(3_900);
    expect(screen.queryByTestId('push-opt-in')).toBeNull();
    await advance(200);
    vi.useRealTimers();
    expect(await screen.findByTestId('push-opt-in')).toBeTruthy();
  });

  it('waits while another dialog is open, and offers once it has closed', async () => {
    renderWithTrpc(<Screen otherOpen />, {});
    await advance(4_100);
    await advance(30_000);
    expect(screen.getByTestId('confirm-modal')).toBeTruthy();
    expect(screen.queryByTestId('push-opt-in')).toBeNull();

    await act(async () => closeOther());
    expect(screen.queryByTestId('confirm-modal')).toBeNull();
    // Not in the same instant: closing one dialog often opens the next.
    expect(screen.queryByTestId('push-opt-in')).toBeNull();
    await advance(1_100);
    vi.useRealTimers();
    expect(await screen.findByTestId('push-opt-in')).toBeTruthy();
  });

  it('still follows its rules: a browser that answered before is not asked once the dialog closes', async () => {
    renderWithTrpc(<Screen otherOpen />, {});
    await advance(4_100);
    window.localStorage.setItem('customNotificationPermission', 'denied');
    await act(async () => closeOther());
    await advance(2_000);
    vi.useRealTimers();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('push-opt-in')).toBeNull();
  });
});
