import clsx from 'clsx';
import type { ComponentProps } from 'react';
import { SpinnerIcon } from './spinner.js';

export type ButtonVariant = 'primary' | 'secondary' | 'dark' | 'link' | 'text';
export type ButtonSize = 'small' | 'medium' | 'large';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-blue-700 text-white hover:bg-blue-800 active:bg-blue-900',
  secondary:
    'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 active:bg-slate-100',
  dark: 'bg-slate-900 text-white hover:bg-slate-800 active:bg-slate-950',
  link: 'text-blue-700 underline-offset-4 hover:underline',
  text: 'text-slate-700 hover:bg-slate-100 active:bg-slate-200',
};

const SIZES: Record<ButtonSize, string> = {
  small: 'h-8 gap-1.5 px-3 text-sm',
  medium: 'h-10 gap-2 px-4 text-sm',
  large: 'h-12 gap-2 px-6 text-base',
};

const DESTRUCTIVE = 'bg-red-700 text-white hover:bg-red-800 active:bg-red-900';

/** Classes of a button, also for links that should look like one. */
export function buttonClassName({
  variant = 'primary',
  size = 'medium',
  fullWidth = false,
  destructive = false,
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** A primary action that deletes: red rather than the variant's colours. */
  destructive?: boolean;
  className?: string;
} = {}): string {
  return clsx(
    'inline-flex items-center justify-center rounded-lg font-semibold whitespace-nowrap transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
    'disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60',
    destructive ? DESTRUCTIVE : VARIANTS[variant],
    variant === 'link' ? 'h-auto px-0' : SIZES[size],
    fullWidth && 'w-full',
    className,
  );
}

interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  destructive?: boolean;
  /** Disables the button and shows a spinner while an action runs. */
  isLoading?: boolean;
}

/**
 * A button. Disabled (or busy) it stays focusable and is marked `aria-disabled` instead of the
 * `disabled` attribute, and ignores presses: a button that becomes disabled while it has focus
 * (Save after saving, Next on reaching the last page, anything while its request runs) keeps
 * focus, so the next Tab goes on from there instead of from the top of the page
 * (docs/accessibility.md).
 */
export function Button({
  variant,
  size,
  fullWidth,
  destructive,
  isLoading = false,
  className,
  disabled,
  type = 'button',
  onClick,
  children,
  ...props
}: ButtonProps) {
  const inert = Boolean(disabled) || isLoading;
  return (
    <button
      type={type}
      aria-disabled={inert || undefined}
      aria-busy={isLoading || undefined}
      className={buttonClassName({ variant, size, fullWidth, destructive, className })}
      {...props}
      onClick={(event) => {
        // Also stops a submit button's form submission (Enter in a field clicks it too).
        if (inert) event.preventDefault();
        else onClick?.(event);
      }}
    >
      {isLoading && <SpinnerIcon size={16} />}
      {children}
    </button>
  );
}
