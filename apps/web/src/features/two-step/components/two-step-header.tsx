import type { ReactNode } from 'react';

/** The title and one line of help at the top of a sign-in card (as the login page has). */
export function TwoStepHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {children && <p className="text-slate-600">{children}</p>}
    </div>
  );
}
