import { DownloadIcon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import { toast } from '../../../lib/toast.js';
import { useDownloadMyData } from '../api/export-my-data.js';

/**
 * The privacy notice's right of access: the signed-in user downloads everything the site holds
 * about them as one JSON file.
 */
export function MyDataCard() {
  const headingId = useId();
  const textId = useId();
  const download = useDownloadMyData();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-6 sm:p-8"
    >
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-base font-semibold">
          Your data
        </h2>
        <p id={textId} className="text-sm text-slate-600">
          Download everything this site holds about you as a JSON file: your profile, your signed-in
          sessions, your two-step sign-in settings (never a secret or a code) and the recorded
          events where you acted or were acted on.
        </p>
      </div>
      <div>
        <Button
          variant="secondary"
          aria-describedby={textId}
          isLoading={download.isPending}
          onClick={() => {
            if (download.isPending) return;
            download.mutate(undefined, {
              onError: (error) => toast.error(getErrorMessage(error)),
            });
          }}
        >
          <DownloadIcon />
          Download my data
        </Button>
      </div>
    </section>
  );
}
