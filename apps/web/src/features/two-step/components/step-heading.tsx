import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The heading of a step in a multi-step flow: it takes focus when the step is reached, so a
 * screen reader says where the user is and the next Tab goes on from there
 * (docs/accessibility.md). Not focused on the flow's first step, where the dialog or page
 * places focus itself.
 */
export function StepHeading({
  children,
  focusOnMount = true,
  level = 3,
}: {
  children: ReactNode;
  focusOnMount?: boolean;
  level?: 2 | 3;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  const Tag = level === 2 ? 'h2' : 'h3';
  return (
    <Tag
      ref={ref}
      tabIndex={-1}
      className="text-lg font-semibold text-slate-900 focus:outline-none"
    >
      {children}
    </Tag>
  );
}
