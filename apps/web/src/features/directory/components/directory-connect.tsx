import { SCIM_BASE_PATH } from '@staff-admin/shared';
import { CopyIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';
import { Input } from '../../../components/ui/input.js';
import { SectionCard } from '../../../components/ui/section-card.js';
import { copyText } from '../../../lib/copy-text.js';

/** What the directory (Okta, Entra ID) is given as the SCIM connector's base URL. */
export const scimBaseUrl = () => `${window.location.origin}${SCIM_BASE_PATH}`;

/** "Connect your directory": the SCIM base URL to paste into the directory, with Copy. */
export function DirectoryConnect() {
  const url = scimBaseUrl();
  return (
    <SectionCard
      title="Connect your directory"
      description="Your company's directory creates, updates and deactivates people here through SCIM 2.0. Give it this base URL and a token from below."
    >
      <div className="flex flex-wrap items-end gap-3">
        <Input
          label="SCIM base URL"
          value={url}
          readOnly
          spellCheck={false}
          className="min-w-0 flex-1 basis-72"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button
          variant="secondary"
          aria-label="Copy SCIM base URL"
          onClick={() => void copyText(url, 'The SCIM base URL has been copied.')}
        >
          <CopyIcon />
          Copy
        </Button>
      </div>
      <p className="text-sm text-slate-700">
        For the steps in Okta or Microsoft Entra ID, see the SCIM provisioning guide in the operator
        documentation (docs/scim.md).
      </p>
    </SectionCard>
  );
}
