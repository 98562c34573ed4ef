import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CHAT_TEXT, matchIntent, QUICK_REPLIES, type QuickReply, replyDelayMs } from '../../../shared/chatIntents';
import { sessionAtom } from '../../state/session';
import { trpc } from '../../trpc';
import { type AnswerContext, answerFor, type ChatMessage } from './answers';

let nextId = 0;
function messageId(): string {
  nextId += 1;
  return `msg-${Date.now().toString(36)}-${nextId}`;
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  });
}

/** The conversation: messages, whether the bot is replying, and the two ways to talk to it. */
export function useChat() {
  const session = useAtomValue(sessionAtom);
  const utils = trpc.useUtils();
  const [messages, setMessages] = useState<ChatMessage[]>(() => [
    { id: messageId(), text: CHAT_TEXT.greeting, isUser: false, timestamp: new Date(), quickReplies: QUICK_REPLIES },
  ]);
  const [replying, setReplying] = useState(false);
  // A ref, not state: two sends in one tick must not both get through.
  const replyingRef = useRef(false);
  const lifetime = useRef(new AbortController());

  useEffect(() => {
    const controller = new AbortController();
    lifetime.current = controller;
    return () => controller.abort();
  }, []);

  const context = useCallback(
    (): AnswerContext => ({
      userType: session.token ? session.userType : null,
      userId: session.userId,
      fetchBookings: async (userId) => {
        const answer = await utils.users.getAllBookings.fetch({ userId }, { staleTime: 0, retry: false });
        return answer.data.bookings;
      },
      fetchOffers: async () => {
        const answer = await utils.users.getSpecialOffers.fetch({}, { retry: false });
        return answer.data.offers;
      },
      fetchSearch: async (q) => {
        const answer = await utils.merchants.search.fetch(
          { ...(q.service ? { service: q.service } : {}), ...(q.place ? { location: q.place } : {}), page: 1, limit: 3 },
          { retry: false },
        );
        return { total: answer.data.total, salons: answer.data.merchants.map((m) => ({ _id: m._id, name: m.shop_Name, city: m.City })) };
      },
    }),
    [session.token, session.userType, session.userId, utils],
  );

  const respond = useCallback(
    async (text: string, source: 'typed' | 'quickReply', reply?: QuickReply) => {
      const trimmed = text.trim();
      if (!trimmed || replyingRef.current) return;
      replyingRef.current = true;
      setReplying(true);
      setMessages((list) => [...list, { id: messageId(), text: trimmed, isUser: true, timestamp: new Date() }]);

      const signal = lifetime.current.signal;
      const intent = reply?.response ?? matchIntent(trimmed);
      // The answer is fetched during the delay, so a slow network does not add to it.
      const [answer] = await Promise.all([answerFor(intent, context(), trimmed), wait(replyDelayMs(source), signal)]);
      if (signal.aborted) return;
      setMessages((list) => [...list, { ...answer, id: messageId(), isUser: false, timestamp: new Date() }]);
      replyingRef.current = false;
      setReplying(false);
    },
    [context],
  );

  const sendText = useCallback((text: string) => respond(text, 'typed'), [respond]);
  const sendQuickReply = useCallback((reply: QuickReply) => respond(reply.text, 'quickReply', reply), [respond]);

  return { messages, replying, sendText, sendQuickReply };
}
