import { useState } from 'react';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { toast } from '../../components/ui/Toast';
import { errorMessage, trpc } from '../../trpc';
import { declinePush, enablePush, markPushUnsupported, PUSH_UNSUPPORTED } from './push';

/** The opt-in modal: Allow asks the browser and subscribes; Deny remembers the answer. */
export default function PushOptIn({ onDone }: { onDone: () => void }) {
  const client = trpc.useUtils().client;
  const [busy, setBusy] = useState(false);

  const deny = () => {
    declinePush();
    onDone();
  };

  const allow = async () => {
    setBusy(true);
    try {
      const result = await enablePush(client);
      if (result === 'unsupported') {
        window.alert(PUSH_UNSUPPORTED);
        markPushUnsupported();
      } else if (result === 'subscribed') toast.success('Notifications are on. We will remind you before your appointments.');
      else toast.info('Notifications stay off. You can turn them on later in your browser settings.');
    } catch (err) {
      toast.error(errorMessage(err, 'Could not turn on notifications in this browser.'));
    } finally {
      setBusy(false);
      onDone();
    }
  };

  return (
    <Modal
      open
      onClose={deny}
      closeOnBackdrop={false}
      size="sm"
      testId="push-opt-in"
      title="Never miss an appointment"
      description="Allow notifications to get booking confirmations, a reminder a day and two hours before each appointment, and offers from salons you love."
      footer={
        <>
          <Button variant="outline" onClick={deny} disabled={busy} data-testid="push-deny">
            Deny
          </Button>
          <Button onClick={allow} loading={busy} loadingText="Allowing…" data-testid="push-allow">
            Allow
          </Button>
        </>
      }
    />
  );
}
