import { EMBED_PARAM } from '../../../shared/channels';

/*
 * The salon's own link (docs/channels.md). A visit to /s/{slug} leaves the token the server signed
 * for that salon in this tab's session; a booking at that salon from this tab sends it, and the
 * server marks the booking direct (no commission) if the token is that salon's. An embedded page
 * (the website widget's iframe, ?embed=1) keeps to the booking flow, without the site's header.
 */

const CHANNEL_KEY = 'bookingChannel';
const EMBED_KEY = 'bookingEmbed';

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function rememberChannel(merchantId: string, token: string): void {
  try {
    session()?.setItem(CHANNEL_KEY, JSON.stringify({ merchantId, token }));
  } catch {
    /* storage unavailable: the booking counts as the marketplace's */
  }
}

/** The link token for a booking at `merchantId`, when this tab came through that salon's link. */
export function channelTokenFor(merchantId: string): string | undefined {
  try {
    const stored = JSON.parse(session()?.getItem(CHANNEL_KEY) ?? 'null') as { merchantId?: string; token?: string } | null;
    return stored?.merchantId === merchantId && typeof stored.token === 'string' ? stored.token : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether this tab is the widget's iframe: opened with ?embed=1, it stays embedded as the customer
 * moves through the booking flow (the later pages' URLs do not carry the parameter).
 */
export function isEmbedded(): boolean {
  if (typeof window === 'undefined') return false;
  const store = session();
  if (new URLSearchParams(window.location.search).get(EMBED_PARAM) === '1') {
    try {
      store?.setItem(EMBED_KEY, '1');
    } catch {
      /* the flag lasts this page only */
    }
    return true;
  }
  try {
    return window.self !== window.top && store?.getItem(EMBED_KEY) === '1';
  } catch {
    return false;
  }
}
