import type { ReactNode } from 'react';
import { DocumentTitle } from '../ui/document-title.js';

interface ContentLayoutProps {
  title: string;
  /** The browser tab's title when it says more than `title` (e.g. whose profile this is). */
  documentTitle?: string;
  /** One line under the title. */
  description?: ReactNode;
  /** Buttons on the right of the page header. */
  actions?: ReactNode;
  children?: ReactNode;
}

/** A page of the authenticated area: its header (title and actions), then its content. */
export function ContentLayout({
  title,
  documentTitle,
  description,
  actions,
  children,
}: ContentLayoutProps) {
  return (
    <>
      <DocumentTitle title={documentTitle ?? title} />
      <div className="flex min-h-page-header flex-wrap items-center justify-between gap-4 px-6 py-5 lg:px-page-x">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          {description && <p className="text-slate-600">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-3">{actions}</div>}
      </div>
      {children && <div className="px-6 pb-12 lg:px-page-x">{children}</div>}
    </>
  );
}
