import { useEffect, useRef } from 'react';
import { ChatIcon, CloseIcon, SendIcon } from '../../components/icons';

export interface ChatPanelProps {
  onClose: () => void;
}

/** The assistant's panel. Only the greeting is here; the conversation itself is built separately. */
export function ChatPanel({ onClose }: ChatPanelProps) {
  const panelRef = useRef<HTMLElement>(null);

  useEffect(() => {
    panelRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <section
      ref={panelRef}
      tabIndex={-1}
      role="dialog"
      aria-label="Chat assistant"
      data-testid="chat-panel"
      className="flex h-[min(32rem,calc(100dvh-9rem))] w-[min(23rem,calc(100vw-2rem))] animate-pop-in flex-col overflow-hidden rounded-3xl border border-blush-200 bg-white shadow-lift focus:outline-none"
    >
      <header className="flex items-center gap-3 bg-gradient-to-r from-plum-700 to-rose-500 px-4 py-3 text-white">
        <span className="flex size-9 items-center justify-center rounded-full bg-white/20">
          <ChatIcon className="size-5" />
        </span>
        <div className="flex-1">
          <h2 className="text-sm font-semibold">GlowBook Assistant</h2>
          <p className="text-xs text-white/80">Usually replies in a moment</p>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close chat"
          data-testid="chat-close"
          className="rounded-full p-1.5 hover:bg-white/15"
        >
          <CloseIcon className="size-5" />
        </button>
      </header>
      <div className="flex-1 space-y-3 overflow-y-auto bg-blush-50 px-4 py-4" aria-live="polite">
        <div className="max-w-[85%] rounded-2xl rounded-tl-sm bg-white px-3.5 py-2.5 text-sm text-ink-700 shadow-soft">
          Hi there! 👋 I'm your GlowBook assistant. Ask me about your bookings, cancellations, payments or today's offers.
        </div>
      </div>
      <form className="flex items-center gap-2 border-t border-blush-100 p-3" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="chat-input" className="sr-only">
          Message
        </label>
        <input
          id="chat-input"
          type="text"
          disabled
          placeholder="Type a message..."
          className="h-10 flex-1 rounded-full border border-blush-300 bg-blush-50 px-4 text-sm disabled:cursor-not-allowed"
        />
        <button
          type="submit"
          disabled
          aria-label="Send message"
          className="flex size-10 items-center justify-center rounded-full bg-plum-700 text-white disabled:opacity-50"
        >
          <SendIcon className="size-4.5" />
        </button>
      </form>
    </section>
  );
}

export default ChatPanel;
