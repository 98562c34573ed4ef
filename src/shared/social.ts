/*
 * A salon's social pages (issue 30 item 4): the owner enters the https address of the salon's own
 * page on each network; the salon page links it. Nothing is read from the networks, so no figures
 * about them exist to show.
 */

export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'twitter'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export const SOCIAL_NETWORK_LABEL: Record<SocialNetwork, string> = { facebook: 'Facebook', instagram: 'Instagram', twitter: 'X (Twitter)' };

/** The hosts each network's pages live on (with or without www. / m.). */
const HOSTS: Record<SocialNetwork, string[]> = {
  facebook: ['facebook.com', 'fb.com'],
  instagram: ['instagram.com'],
  twitter: ['x.com', 'twitter.com'],
};

export const SOCIAL_URL_EXAMPLE: Record<SocialNetwork, string> = {
  facebook: 'https://www.facebook.com/yoursalon',
  instagram: 'https://www.instagram.com/yoursalon',
  twitter: 'https://x.com/yoursalon',
};

/**
 * The address normalised (https, no trailing slash), or the sentence saying what is wrong with it.
 */
export function checkSocialUrl(network: SocialNetwork, raw: string): { ok: true; url: string } | { ok: false; message: string } {
  const text = raw.trim();
  const name = SOCIAL_NETWORK_LABEL[network];
  let u: URL;
  try {
    u = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
  } catch {
    return { ok: false, message: `Enter your ${name} page's address, e.g. ${SOCIAL_URL_EXAMPLE[network]}` };
  }
  if (u.protocol !== 'https:') return { ok: false, message: `Use the https:// address of your ${name} page` };
  const host = u.hostname.toLowerCase().replace(/^(www|m|mobile)\./, '');
  if (!HOSTS[network].includes(host))
    return { ok: false, message: `That is not an address on ${name}: use one on ${HOSTS[network].join(' or ')}` };
  if (u.username || u.password || u.port)
    return { ok: false, message: `Enter your ${name} page's address, e.g. ${SOCIAL_URL_EXAMPLE[network]}` };
  const path = u.pathname.replace(/\/+$/, '');
  if (!path || path === '/') return { ok: false, message: `Add your page's name after ${host}/, e.g. ${SOCIAL_URL_EXAMPLE[network]}` };
  if (text.length > 300) return { ok: false, message: 'Use an address of at most 300 characters' };
  return { ok: true, url: `https://${u.hostname.toLowerCase()}${path}${u.search}` };
}
