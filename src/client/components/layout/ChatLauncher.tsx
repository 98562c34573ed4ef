import { lazy, Suspense, useCallback, useState } from 'react';
import { cn } from '../../lib/cn';
import { ChatIcon, CloseIcon } from '../icons';

const ChatPanel = lazy(() => import('../../features/chat/ChatPanel'));

/** Floating 'Chat with' toggle (customer and merchant layouts); the panel code loads on first open. */
export function ChatLauncher() {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <div className="fixed right-4 bottom-20 z-50 flex flex-col items-end gap-3 nav:right-6 nav:bottom-6">
      {open && (
        <Suspense fallback={null}>
          <ChatPanel onClose={close} />
        </Suspense>
      )}
      <button
        type="button"
        aria-expanded={open}
        aria-label={open ? 'Close chat assistant' : 'Chat with our assistant'}
        data-testid="chat-toggle"
        onClick={() => setOpen((v) => !v)}
        className={cn(
          'flex h-12 items-center gap-2 rounded-full px-4 text-sm font-semibold text-white shadow-lift transition-transform hover:scale-[1.03]',
          open ? 'bg-ink-900' : 'bg-gradient-to-r from-plum-700 to-rose-500',
        )}
      >
        {open ? <CloseIcon className="size-5" /> : <ChatIcon className="size-5" />}
        <span className={cn(open && 'sr-only', 'hidden sm:inline')}>{open ? 'Close' : 'Chat with us'}</span>
      </button>
    </div>
  );
}
