import type { Dispatch } from 'react';
import { BookingDetailsModal } from '../../../features/bookingDesk/BookingDetailsModal';
import { CancelDeskBookingModal } from '../../../features/bookingDesk/CancelDeskBookingModal';
import { CompleteBookingModal } from '../../../features/bookingDesk/CompleteBookingModal';
import { ConfirmBookingModal } from '../../../features/bookingDesk/ConfirmBookingModal';
import { DeskBookingModal } from '../../../features/bookingDesk/DeskBookingModal';
import { NoShowModal } from '../../../features/bookingDesk/NoShowModal';
import { QrScanModal } from '../../../features/bookingDesk/QrScanModal';
import type { QrPayload } from '../../../features/bookingDesk/qr';
import { type DeskModalAction, type DeskModalState, subjectOf } from './modalState';

/** Every modal of the appointments desk; `state` says which one shows. */
export function AppointmentModals({
  state,
  dispatch,
  merchantId,
  userId,
  onPayload,
}: {
  state: DeskModalState;
  dispatch: Dispatch<DeskModalAction>;
  merchantId: string;
  userId: string | undefined;
  onPayload: (payload: QrPayload) => Promise<void>;
}) {
  const { modal } = state;
  const actor = { merchantId, userId };
  const cancelling = subjectOf(modal, 'cancel');
  const completing = subjectOf(modal, 'complete');
  const noShow = subjectOf(modal, 'noShow');
  const close = () => dispatch({ type: 'close' });
  return (
    <>
      <BookingDetailsModal
        booking={subjectOf(modal, 'details')}
        onClose={close}
        onConfirm={(booking) => dispatch({ type: 'confirm', booking })}
        onCancel={(booking) => dispatch({ type: 'cancel', booking })}
        onComplete={(booking) => dispatch({ type: 'complete', booking })}
        onNoShow={(booking) => dispatch({ type: 'noShow', booking })}
      />
      {modal.kind === 'confirm' && (
        <ConfirmBookingModal
          key={modal.bookingId}
          initialBookingId={modal.bookingId}
          booking={modal.booking}
          actor={actor}
          onClose={close}
          onScan={() => dispatch({ type: 'scan' })}
          onDone={close}
        />
      )}
      <CancelDeskBookingModal key={cancelling?._id ?? 'no-cancel'} booking={cancelling} actor={actor} onClose={close} onDone={close} />
      <CompleteBookingModal
        key={completing?._id ?? 'no-complete'}
        booking={completing}
        actor={actor}
        onClose={close}
        onDone={(booking) => dispatch({ type: 'moved', booking })}
      />
      <NoShowModal key={noShow?._id ?? 'no-no-show'} booking={noShow} actor={actor} onClose={close} onDone={close} />
      <DeskBookingModal
        open={modal.kind === 'book'}
        merchantId={merchantId}
        prefill={modal.kind === 'book' ? modal.prefill : null}
        onClose={close}
        onBooked={close}
      />
      <QrScanModal open={state.scanning} onClose={() => dispatch({ type: 'closeScan' })} onPayload={onPayload} />
    </>
  );
}
