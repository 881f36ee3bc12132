import clsx from 'clsx';
import type { ReactNode } from 'react';

/** Typography for long texts such as the privacy notice. */
export function Prose({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={clsx(
        'text-base leading-relaxed text-slate-800',
        '[&_h1]:text-3xl [&_h1]:font-bold [&_h1]:text-slate-900',
        '[&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900',
        '[&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:font-semibold [&_h3]:text-slate-900',
        '[&_p]:my-3 [&_ul]:my-3 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6',
        '[&_a]:font-medium [&_a]:text-blue-700 [&_a]:underline [&_a]:underline-offset-2',
        '[&_a:focus-visible]:rounded-sm [&_a:focus-visible]:outline-2 [&_a:focus-visible]:outline-offset-2 [&_a:focus-visible]:outline-blue-600',
        className,
      )}
    >
      {children}
    </div>
  );
}
