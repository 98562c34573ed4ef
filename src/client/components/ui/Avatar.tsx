import { useState } from 'react';
import { cn } from '../../lib/cn';

export interface AvatarProps {
  src?: string | null;
  name?: string | null;
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  className?: string;
  /** Beside the name it pictures (a button already labelled with it): hidden from assistive technology. */
  decorative?: boolean;
}

const SIZES = {
  xs: 'size-6 text-[10px]',
  sm: 'size-8 text-xs',
  md: 'size-10 text-sm',
  lg: 'size-14 text-lg',
  xl: 'size-20 text-2xl',
} as const;

export function initialsOf(name?: string | null): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '?';
  const first = parts[0].charAt(0);
  const last = parts.length > 1 ? parts[parts.length - 1].charAt(0) : '';
  return (first + last).toUpperCase();
}

/** Image avatar that falls back to initials when there is no image or it fails to load. */
export function Avatar({ src, name, size = 'md', className, decorative }: AvatarProps) {
  // The image that failed to load: another one (a new upload) is tried afresh.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && src !== failedSrc;
  return (
    <span
      className={cn(
        'relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-gradient-to-br from-plum-200 to-rose-200 font-semibold text-plum-800 ring-2 ring-white',
        SIZES[size],
        className,
      )}
    >
      {showImage ? (
        <img
          src={src ?? undefined}
          alt={name && !decorative ? name : ''}
          width={96}
          height={96}
          className="size-full object-cover"
          onError={() => setFailedSrc(src ?? null)}
          loading="lazy"
        />
      ) : decorative ? (
        // Drawn, not written: the text of a control labelled with the name must not read the initials too.
        <span aria-hidden="true" data-initials={initialsOf(name)} className="before:content-[attr(data-initials)]" />
      ) : (
        <span aria-label={name ?? undefined} role={name ? 'img' : undefined}>
          {initialsOf(name)}
        </span>
      )}
    </span>
  );
}
