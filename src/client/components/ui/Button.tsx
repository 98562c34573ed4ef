import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cn } from '../../lib/cn';

/** `onDark` and `outlineOnDark` are for buttons on the dark plum gradients (heroes, promo banners). */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'outline' | 'onDark' | 'outlineOnDark';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const BASE =
  'inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors duration-150 select-none focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-plum-700 text-white shadow-soft hover:bg-plum-800 active:bg-plum-900 focus-visible:outline-plum-500',
  secondary: 'bg-blush-100 text-plum-800 hover:bg-blush-200 active:bg-blush-300 focus-visible:outline-plum-400',
  outline: 'border border-plum-200 bg-white text-plum-800 hover:border-plum-300 hover:bg-plum-50 focus-visible:outline-plum-400',
  ghost: 'bg-transparent text-plum-800 hover:bg-plum-50 active:bg-plum-100 focus-visible:outline-plum-400',
  danger: 'bg-red-600 text-white shadow-soft hover:bg-red-700 active:bg-red-800 focus-visible:outline-red-500',
  onDark: 'bg-white text-plum-800 shadow-soft hover:bg-blush-100 active:bg-blush-200 focus-visible:outline-white',
  outlineOnDark: 'border border-white/60 bg-transparent text-white hover:bg-white/10 active:bg-white/20 focus-visible:outline-white',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-5 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'size-10 p-0',
};

/**
 * Classes of a button, for links that should look like one. A label stays on one line unless `wrap`:
 * a full-width button has nothing beside it, and on a narrow screen (320 px, or 400 % zoom) its label
 * wraps rather than pushing the page wider than the screen.
 */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string, wrap = false): string {
  return cn(BASE, wrap ? 'text-center leading-tight' : 'whitespace-nowrap', VARIANTS[variant], SIZES[size], className);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  loading?: boolean;
  /** Text shown instead of the children while loading, e.g. "Signing in...". */
  loadingText?: ReactNode;
  fullWidth?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  loadingText,
  fullWidth,
  className,
  disabled,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClasses(variant, size, cn(fullWidth && 'w-full', className), fullWidth)}
      {...rest}
    >
      {loading && <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current border-r-transparent" />}
      {loading && loadingText ? loadingText : children}
    </button>
  );
}
