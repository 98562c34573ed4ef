import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { Spinner } from '../../components/ui/Spinner';
import { TabPanel, Tabs } from '../../components/ui/Tabs';
import {
  cameraErrorMessage,
  cameraSupported,
  loadQrScanner,
  parseQrPayload,
  QR_MESSAGES,
  QrImageError,
  type QrPayload,
  scanQrImage,
} from './qr';

type Mode = 'camera' | 'upload';

export interface QrScanModalProps {
  open: boolean;
  onClose: () => void;
  /** Called with a well-formed payload; a rejection's message is shown in the modal. */
  onPayload: (payload: QrPayload) => Promise<void>;
}

/** The live camera; "Try Again" asks its owner for a new one (a remount) after a failure. */
function CameraScanner({ onText, active, onRetry }: { onText: (text: string) => void; active: boolean; onRetry: () => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(true);
  const onTextRef = useRef(onText);
  onTextRef.current = onText;

  useEffect(() => {
    if (!active) return;
    let cancelled = false;
    let scanner: { stop(): void; destroy(): void } | null = null;
    setError(null);
    setStarting(true);
    if (!cameraSupported()) {
      setError('Camera access is not supported by your browser.');
      setStarting(false);
      return;
    }
    loadQrScanner()
      .then(async (QrScanner) => {
        if (cancelled || !videoRef.current) return;
        const instance = new QrScanner(videoRef.current, (result) => onTextRef.current(result.data), {
          returnDetailedScanResult: true,
          highlightScanRegion: true,
          preferredCamera: 'environment',
        });
        scanner = instance;
        await instance.start();
        if (!cancelled) setStarting(false);
      })
      .catch((err: unknown) => {
        if (cancelled) return;
        setError(cameraErrorMessage(err));
        setStarting(false);
      });
    return () => {
      cancelled = true;
      scanner?.stop();
      scanner?.destroy();
    };
  }, [active]);

  return (
    <div>
      <div className="relative aspect-square w-full overflow-hidden rounded-2xl bg-ink-900">
        <video ref={videoRef} className="size-full object-cover" muted playsInline aria-label="Camera preview" />
        {starting && !error && (
          <div className="absolute inset-0 flex items-center justify-center text-white">
            <Spinner label="Starting camera" />
          </div>
        )}
        {error && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-ink-900/90 p-6 text-center text-sm text-white">
            <p role="alert" data-testid="camera-error">
              {error}
            </p>
            <Button variant="secondary" size="sm" onClick={onRetry}>
              Try Again
            </Button>
          </div>
        )}
      </div>
      <p className="mt-2 text-center text-xs text-ink-500">Point the camera at the QR code on the customer's confirmation.</p>
    </div>
  );
}

/** Scan QR Code: a live camera or an uploaded image; either way the QR's JSON names the booking. */
export function QrScanModal({ open, onClose, onPayload }: QrScanModalProps) {
  const [mode, setMode] = useState<Mode>('upload');
  /** Bumped by the camera's Try Again: a new CameraScanner starts the camera afresh. */
  const [cameraAttempt, setCameraAttempt] = useState(0);
  const retryCamera = () => setCameraAttempt((n) => n + 1);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [fileKey, setFileKey] = useState(0);
  const handled = useRef(false);

  useEffect(() => {
    if (open) {
      setError(null);
      setBusy(false);
      handled.current = false;
      setMode(cameraSupported() && window.matchMedia?.('(pointer: coarse)').matches ? 'camera' : 'upload');
    }
  }, [open]);

  const submit = async (payload: QrPayload) => {
    setBusy(true);
    try {
      await onPayload(payload);
    } catch (err) {
      handled.current = false;
      setError(err instanceof Error && err.message ? err.message : QR_MESSAGES.invalid);
    } finally {
      setBusy(false);
    }
  };

  const onCameraText = (text: string) => {
    if (handled.current) return;
    const payload = parseQrPayload(text);
    if (!payload) {
      setError(QR_MESSAGES.invalid);
      return;
    }
    handled.current = true;
    setError(null);
    void submit(payload);
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setError(null);
    setBusy(true);
    try {
      const payload = await scanQrImage(file);
      await submit(payload);
    } catch (err) {
      setError(err instanceof QrImageError ? err.message : QR_MESSAGES.noneInImage);
      setBusy(false);
    }
  };

  const tryAgain = () => {
    setError(null);
    handled.current = false;
    setFileKey((k) => k + 1);
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Scan QR Code"
      description="Check a customer in from their booking QR code."
      testId="qr-scan-modal"
    >
      <Tabs
        withPanels
        idPrefix="qr-mode"
        label="Scan method"
        value={mode}
        onChange={(m) => {
          setMode(m);
          setError(null);
        }}
        items={[
          { id: 'camera', label: 'Use Camera' },
          { id: 'upload', label: 'Upload Image' },
        ]}
        className="mb-4"
      />
      <TabPanel idPrefix="qr-mode" id={mode}>
        {mode === 'camera' ? (
          <CameraScanner key={cameraAttempt} onText={onCameraText} active={open && mode === 'camera'} onRetry={retryCamera} />
        ) : (
          <label className="flex cursor-pointer flex-col items-center gap-2 rounded-2xl border-2 border-dashed border-plum-200 bg-plum-50/50 px-6 py-10 text-center hover:border-plum-400">
            <span className="text-sm font-semibold text-plum-800">Choose an image of the QR code</span>
            <span className="text-xs text-ink-500">PNG or JPG, a photo or screenshot of the customer's confirmation</span>
            <input
              key={fileKey}
              type="file"
              accept="image/*"
              className="sr-only"
              onChange={onFile}
              data-testid="qr-upload-input"
              aria-label="Upload QR image"
            />
          </label>
        )}
      </TabPanel>
      {busy && (
        <p className="mt-3 flex items-center gap-2 text-sm text-ink-500">
          <Spinner size="sm" /> Looking up the booking...
        </p>
      )}
      {error && (
        <div
          role="alert"
          className="mt-3 flex flex-wrap items-center justify-between gap-2 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-700"
          data-testid="qr-error"
        >
          <span>{error}</span>
          <Button variant="outline" size="sm" onClick={tryAgain} data-testid="qr-try-again">
            Try Again
          </Button>
        </div>
      )}
    </Modal>
  );
}
