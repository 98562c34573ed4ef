import { createTRPCClient, httpLink } from '@trpc/client';
import { useAtomValue } from 'jotai';
import { useSearch } from 'wouter';
import { getSession, sessionAtom } from '../../state/session';
import type { AppRouter } from '../../trpc';

/**
 * The shop the screens act on: a merchant's own id (their account id is their merchant id); an
 * admin names the shop with ?merchantId= in the address.
 */
export function useMerchantId(): string | null {
  const session = useAtomValue(sessionAtom);
  const search = useSearch();
  if (session.userType === 'admin') return new URLSearchParams(search).get('merchantId');
  return session.userId;
}

/**
 * Uploads go through their own, unbatched link: a batch that carries a multi-megabyte data URL
 * alongside other calls would hit the normal request size limit.
 */
export const uploadClient = createTRPCClient<AppRouter>({
  links: [
    httpLink({
      url: '/trpc',
      headers() {
        const token = getSession().token;
        return token ? { Authorization: `Bearer ${token}` } : {};
      },
    }),
  ],
});

export function readFileAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file.'));
    reader.readAsDataURL(file);
  });
}

export interface UploadRequest {
  file: File;
  kind: 'shop' | 'staff';
  merchantId: string | null;
  staffId?: string;
}

export async function uploadImage({ file, kind, merchantId, staffId }: UploadRequest) {
  const dataUrl = await readFileAsDataUrl(file);
  return uploadClient.images.upload.mutate({
    kind,
    dataUrl,
    fileName: file.name,
    merchantId: merchantId ?? undefined,
    staffId,
  });
}

export const MB = 1024 * 1024;
