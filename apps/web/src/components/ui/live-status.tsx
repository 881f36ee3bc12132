/**
 * A polite live region for the result of something the user did that changed the page in place
 * (a search's hits, a page of a list): screen readers read `message` when it changes. Pass an
 * empty message while the result is loading, so that the same result twice is read twice.
 * The region is always rendered: a region that appears with its text is not read out.
 */
export function LiveStatus({ message }: { message: string }) {
  return (
    <p role="status" className="sr-only">
      {message}
    </p>
  );
}
