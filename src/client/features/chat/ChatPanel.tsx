import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { QuickReply } from '../../../shared/chatIntents';
import { CalendarIcon, ChatIcon, CloseIcon, SendIcon } from '../../components/icons';
import { useFocusTrap } from '../../components/ui/useFocusTrap';
import { cn } from '../../lib/cn';
import type { ChatMessage } from './answers';
import { useChat } from './useChat';

export interface ChatPanelProps {
  onClose: () => void;
  /** Where focus goes when the full-screen panel closes, if not back where it came from. */
  returnFocus?: () => HTMLElement | null;
}

const MESSAGE_MAX_LENGTH = 500;
const clock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

function QuickReplies({
  replies,
  disabled,
  onPick,
}: {
  replies: readonly QuickReply[];
  disabled: boolean;
  onPick: (q: QuickReply) => void;
}) {
  return (
    <ul className="flex flex-wrap gap-2 pt-1" aria-label="Quick replies">
      {replies.map((q) => (
        <li key={q.id}>
          <button
            type="button"
            disabled={disabled}
            onClick={() => onPick(q)}
            data-testid="chat-quick-reply"
            className="rounded-full border border-plum-200 bg-white px-3 py-1.5 text-xs font-medium text-plum-700 transition-colors hover:border-plum-400 hover:bg-plum-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-plum-500 disabled:cursor-not-allowed disabled:opacity-50"
          >
            {q.text}
          </button>
        </li>
      ))}
    </ul>
  );
}

function MessageBubble({ message, onNavigate }: { message: ChatMessage; onNavigate: () => void }) {
  const mine = message.isUser;
  return (
    <li
      className={cn('flex flex-col gap-1', mine ? 'items-end' : 'items-start')}
      data-testid="chat-message"
      data-from={mine ? 'user' : 'bot'}
    >
      <span className="sr-only">{mine ? 'You said:' : 'Assistant said:'}</span>
      <div
        className={cn(
          'max-w-[85%] px-3.5 py-2.5 text-sm break-words shadow-soft',
          mine
            ? 'rounded-2xl rounded-tr-sm bg-plum-700 text-white'
            : message.tone === 'error'
              ? 'rounded-2xl rounded-tl-sm border border-rose-200 bg-rose-50 text-rose-700'
              : 'rounded-2xl rounded-tl-sm bg-white text-ink-700',
        )}
      >
        <p className="whitespace-pre-line">{message.text}</p>
        {message.bookings && (
          <ul className="mt-2 space-y-2">
            {message.bookings.map((b) => (
              <li key={b._id} data-testid="chat-booking" className="rounded-xl border border-blush-200 bg-blush-50 px-3 py-2">
                <p className="font-semibold text-ink-900">{b.salonName}</p>
                <p className="mt-0.5 flex items-center gap-1.5 text-xs text-ink-700">
                  <CalendarIcon className="size-3.5 text-plum-600" />
                  <span data-testid="chat-booking-when">
                    {b.date} at {b.time}
                  </span>
                </p>
              </li>
            ))}
          </ul>
        )}
        {message.link && (
          <Link
            href={message.link.to}
            onClick={onNavigate}
            data-testid="chat-link"
            className="mt-2 inline-block font-semibold text-plum-700 underline underline-offset-2 hover:text-plum-900"
          >
            {message.link.label}
          </Link>
        )}
      </div>
      <time dateTime={message.timestamp.toISOString()} className="px-1 text-[11px] text-ink-500">
        {clock.format(message.timestamp)}
      </time>
    </li>
  );
}

/** The assistant's panel: conversation log, typing indicator, quick replies and the message box. */
export function ChatPanel({ onClose, returnFocus }: ChatPanelProps) {
  const { messages, replying, sendText, sendQuickReply } = useChat();
  const [draft, setDraft] = useState('');
  const panelRef = useRef<HTMLElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  // Full screen on a phone: the page behind is covered, so focus stays in the panel and the page must not scroll under it.
  const [fullScreen] = useState(() => window.matchMedia('(max-width: 639.98px)').matches);
  useFocusTrap(panelRef, fullScreen, { onEscape: onClose, initialFocus: () => inputRef.current, returnFocus });

  useEffect(() => {
    if (fullScreen) return;
    // The floating card leaves the page usable: no trap, but Escape closes it and focus goes back where it came from (the toggle).
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    inputRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (opener?.isConnected) opener.focus();
    };
  }, [fullScreen, onClose]);

  useEffect(() => {
    if (!fullScreen) return;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [fullScreen]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: messages and replying are what grows the log: each new message or the typing line scrolls it to its end.
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages, replying]);

  useEffect(() => {
    if (replying) return;
    // Disabling the input while the bot replies drops focus; give it back unless the user moved on.
    const active = document.activeElement;
    if (!active || active === document.body || panelRef.current?.contains(active)) inputRef.current?.focus();
  }, [replying]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.trim() || replying) return;
    void sendText(draft);
    setDraft('');
  };

  const last = messages[messages.length - 1];

  return (
    <section
      ref={panelRef}
      role="dialog"
      aria-modal={fullScreen || undefined}
      aria-label="Chat assistant"
      data-testid="chat-panel"
      tabIndex={-1}
      className={cn(
        // A phone gets the whole screen; larger screens a floating card above the toggle.
        'fixed inset-0 flex h-dvh w-full animate-pop-in flex-col overflow-hidden bg-white',
        'sm:static sm:h-[min(34rem,calc(100dvh-9rem))] sm:w-[min(24rem,calc(100vw-2rem))] sm:rounded-3xl sm:border sm:border-blush-200 sm:shadow-lift',
      )}
    >
      <header className="flex items-center gap-3 bg-gradient-to-r from-plum-700 to-rose-500 px-4 pt-[max(0.75rem,env(safe-area-inset-top))] pb-3 text-white sm:pt-3">
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
          className="rounded-full p-1.5 hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white"
        >
          <CloseIcon className="size-5" />
        </button>
      </header>
      <div
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-label="Conversation"
        data-testid="chat-log"
        className="flex-1 overflow-y-auto bg-blush-50 px-4 py-4"
      >
        <ul className="space-y-3">
          {messages.map((m) => (
            <MessageBubble key={m.id} message={m} onNavigate={onClose} />
          ))}
        </ul>
        {!last.isUser && last.quickReplies && last.quickReplies.length > 0 && (
          <div className="mt-2">
            <QuickReplies replies={last.quickReplies} disabled={replying} onPick={(q) => void sendQuickReply(q)} />
          </div>
        )}
        {replying && (
          <div role="status" data-testid="chat-typing" className="mt-3 flex items-center gap-2">
            <span className="flex gap-1 rounded-2xl rounded-tl-sm bg-white px-3.5 py-3 shadow-soft" aria-hidden="true">
              {[0, 150, 300].map((delay) => (
                <span key={delay} className="size-1.5 animate-bounce rounded-full bg-plum-400" style={{ animationDelay: `${delay}ms` }} />
              ))}
            </span>
            <span className="sr-only">Assistant is typing</span>
          </div>
        )}
      </div>
      <form
        className="flex items-center gap-2 border-t border-blush-100 px-3 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:pb-3"
        onSubmit={submit}
      >
        <label htmlFor="chat-input" className="sr-only">
          Message
        </label>
        <input
          ref={inputRef}
          id="chat-input"
          type="text"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          disabled={replying}
          maxLength={MESSAGE_MAX_LENGTH}
          autoComplete="off"
          placeholder={replying ? 'Assistant is typing…' : 'Type a message...'}
          data-testid="chat-input"
          className="h-10 min-w-0 flex-1 rounded-full border border-blush-300 bg-blush-50 px-4 text-sm text-ink-900 placeholder:text-ink-400 focus:border-plum-400 focus:outline-none focus:ring-2 focus:ring-plum-500 disabled:cursor-not-allowed disabled:opacity-70"
        />
        <button
          type="submit"
          disabled={replying || !draft.trim()}
          aria-label="Send message"
          data-testid="chat-send"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-plum-700 text-white hover:bg-plum-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-plum-500 disabled:cursor-not-allowed disabled:opacity-50"
        >
          <SendIcon className="size-4.5" />
        </button>
      </form>
    </section>
  );
}

export default ChatPanel;
