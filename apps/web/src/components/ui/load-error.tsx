import { getErrorMessage } from '../../lib/api-error.js';
import { Button } from './button.js';

interface LoadErrorProps {
  /** What failed: "The users could not be loaded." The server's reason follows it. */
  what: string;
  error: unknown;
  onRetry: () => unknown;
}

/** A list or table that could not be loaded: why, announced, and Try again. */
export function LoadError({ what, error, onRetry }: LoadErrorProps) {
  return (
    <div role="alert" className="flex flex-col items-center gap-4 px-6 py-12 text-center">
      <p className="text-slate-800">
        {what} {getErrorMessage(error)}
      </p>
      <Button variant="secondary" onClick={() => void onRetry()}>
        Try again
      </Button>
    </div>
  );
}
