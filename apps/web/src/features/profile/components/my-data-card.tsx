import { DownloadIcon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button.js';
import { SectionCard } from '../../../components/ui/section-card.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import { toast } from '../../../lib/toast.js';
import { useDownloadMyData } from '../api/export-my-data.js';

/**
 * The privacy notice's right of access: the signed-in user downloads everything the site holds
 * about them as one JSON file.
 */
export function MyDataCard() {
  const textId = useId();
  const download = useDownloadMyData();
  return (
    <SectionCard
      title="Your data"
      description={
        <>
          Download everything this site holds about you as a JSON file: your profile, your signed-in
          sessions, your two-step sign-in settings (never a secret or a code) and the recorded
          events where you acted or were acted on.
        </>
      }
      descriptionId={textId}
    >
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
    </SectionCard>
  );
}
