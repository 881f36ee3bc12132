import { useEffect, useRef } from 'react';

/**
 * A polite live region for the result of something the user did that changed the page in place
 * (a search's hits, a page of a list, a selection's count, a long run's progress): screen readers
 * read `message` when it changes. Pass an empty message while the result is loading, so that the
 * same result twice is read twice.
 *
 * A live region is only watched once it is in the page: text it is born with is not read. So the
 * region is rendered empty and its text written after it is in the page, and a region that
 * appears together with its news (a toolbar shown by the first selection) is still heard.
 */
export function LiveStatus({ message }: { message: string }) {
  const region = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (region.current) region.current.textContent = message;
  }, [message]);
  return <p ref={region} role="status" className="sr-only" />;
}
