import clsx from 'clsx';

/** The spinning ring alone, hidden from assistive technology. */
export function SpinnerIcon({ size = 24, className }: { size?: number; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      className={clsx('shrink-0 animate-spin', className)}
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path
        d="M22 12a10 10 0 0 0-10-10"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}

interface SpinnerProps {
  /** Shown beside the spinner and read out by screen readers; "Loading" when absent. */
  text?: string;
  size?: number;
  className?: string;
}

export function Spinner({ text, size = 24, className }: SpinnerProps) {
  return (
    <div role="status" className={clsx('inline-flex items-center gap-3 text-slate-600', className)}>
      <SpinnerIcon size={size} />
      {text ? <span className="text-sm">{text}</span> : <span className="sr-only">Loading</span>}
    </div>
  );
}

/** A spinner centred in the whole viewport height, shown instead of a page that is not ready. */
export function FullHeightSpinner({ text }: { text?: string }) {
  return (
    <div className="flex min-h-dvh w-full items-center justify-center">
      <Spinner text={text} size={32} />
    </div>
  );
}
