import clsx from 'clsx';
import { useId, type ReactNode } from 'react';

interface SectionCardProps {
  title: ReactNode;
  /** One line under the title: what the card is for. */
  description: ReactNode;
  /** The title's id, for what points at it (a list's name, where focus goes); made up if absent. */
  headingId?: string;
  /** The description's id, for a control it describes. */
  descriptionId?: string;
  /** Script may move focus to the title (after a dialog whose opener is gone). */
  focusableHeading?: boolean;
  children: ReactNode;
}

/** A white card named by its title, with a line that says what it is for: the profile's parts. */
export function SectionCard({
  title,
  description,
  headingId,
  descriptionId,
  focusableHeading = false,
  children,
}: SectionCardProps) {
  const ownHeadingId = useId();
  const titleId = headingId ?? ownHeadingId;
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-6 sm:p-8"
    >
      <div className="flex flex-col gap-1">
        <h2
          id={titleId}
          tabIndex={focusableHeading ? -1 : undefined}
          className={clsx('text-base font-semibold', focusableHeading && 'focus:outline-none')}
        >
          {title}
        </h2>
        <p id={descriptionId} className="text-sm text-slate-600">
          {description}
        </p>
      </div>
      {children}
    </section>
  );
}
