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

/** Classes of a button, also for links that should look like one. */
export function buttonClassName({
  variant = 'primary',
  size = 'medium',
  fullWidth = false,
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  className?: string;
} = {}): string {
  return clsx(
    'inline-flex items-center justify-center rounded-lg font-semibold whitespace-nowrap transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
    'disabled:cursor-not-allowed disabled:opacity-60',
    VARIANTS[variant],
    variant === 'link' ? 'h-auto px-0' : SIZES[size],
    fullWidth && 'w-full',
    className,
  );
}

interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Disables the button and shows a spinner while an action runs. */
  isLoading?: boolean;
}

export function Button({
  variant,
  size,
  fullWidth,
  isLoading = false,
  className,
  disabled,
  type = 'button',
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      className={buttonClassName({ variant, size, fullWidth, className })}
      {...props}
    >
      {isLoading && <SpinnerIcon size={16} />}
      {children}
    </button>
  );
}
