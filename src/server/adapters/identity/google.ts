import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from 'jose';

export interface GoogleIdentity {
  sub: string;
  email: string;
  firstName: string;
  lastName: string;
  picture: string | null;
}

export interface GoogleVerifier {
  readonly clientId: string;
  verify(idToken: string): Promise<GoogleIdentity>;
}

export class GoogleTokenError extends Error {}

/**
 * Verifies a Google ID token (Google Identity Services / Firebase) against Google's published keys:
 * signature, issuer, audience (our client id), expiry, and a verified e-mail.
 */
export function createGoogleVerifier(
  clientId: string,
  keys: JWTVerifyGetKey = createRemoteJWKSet(new URL('https://www.googleapis.com/oauth2/v3/certs')),
): GoogleVerifier {
  return {
    clientId,
    async verify(idToken) {
      let payload: Record<string, unknown>;
      try {
        ({ payload } = await jwtVerify(idToken, keys, {
          issuer: ['https://accounts.google.com', 'accounts.google.com'],
          audience: clientId,
          algorithms: ['RS256'],
        }));
      } catch (err) {
        throw new GoogleTokenError(`The Google credential could not be verified: ${(err as Error).message}`);
      }
      if (typeof payload.email !== 'string' || payload.email_verified !== true)
        throw new GoogleTokenError('The Google account has no verified e-mail address');
      return {
        sub: String(payload.sub),
        email: payload.email.toLowerCase(),
        firstName: typeof payload.given_name === 'string' ? payload.given_name : payload.email.split('@')[0],
        lastName: typeof payload.family_name === 'string' ? payload.family_name : '',
        picture: typeof payload.picture === 'string' ? payload.picture : null,
      };
    },
  };
}
