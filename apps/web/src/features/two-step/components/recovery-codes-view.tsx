import { TOTP_ISSUER, TWO_STEP_MESSAGES } from '@staff-admin/shared';
import { CopyIcon, DownloadIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';
import { downloadText } from '../../../lib/download-file.js';
import { copyText } from '../../../lib/copy-text.js';
import { StepHeading } from './step-heading.js';

const asText = (codes: string[]) =>
  `${TOTP_ISSUER} recovery codes\n\nEach code works once.\n\n${codes.join('\n')}\n`;

/**
 * The recovery codes, shown once (when two-step sign-in is turned on or the codes are made
 * again): the list, Copy, Download as a .txt file, and "I have saved them" to go on.
 */
export function RecoveryCodesView({
  codes,
  onDone,
  doneLabel = 'I have saved them',
  focusHeading = true,
  headingLevel = 3,
}: {
  codes: string[];
  onDone: () => void;
  doneLabel?: string;
  focusHeading?: boolean;
  headingLevel?: 2 | 3;
}) {
  return (
    <div className="flex flex-col gap-4">
      <StepHeading focusOnMount={focusHeading} level={headingLevel}>
        Save your recovery codes
      </StepHeading>
      <p className="text-slate-700">
        If you lose your device, each of these codes signs you in once. Keep them somewhere safe:
        they are not shown again.
      </p>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-x-6 gap-y-1 rounded-lg bg-slate-100 p-4 font-mono text-base text-slate-900 min-[360px]:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="break-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          onClick={() => void copyText(codes.join('\n'), TWO_STEP_MESSAGES.recoveryCodesCopied)}
        >
          <CopyIcon />
          Copy codes
        </Button>
        <Button
          variant="secondary"
          onClick={() => downloadText(asText(codes), 'staff-admin-recovery-codes.txt')}
        >
          <DownloadIcon />
          Download .txt
        </Button>
      </div>
      <div className="flex justify-end">
        <Button onClick={onDone}>{doneLabel}</Button>
      </div>
    </div>
  );
}
