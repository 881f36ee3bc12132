import {
  DIRECTORY_MESSAGES,
  RECORD_DATE_FORMAT,
  type IssuedScimToken,
  type ScimToken,
} from '@staff-admin/shared';
import { PlusIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import {
  isReauthenticationCancelled,
  useReauthenticated,
} from '../../../components/reauthenticate/use-reauthenticated.js';
import { Button } from '../../../components/ui/button.js';
import { DataTable, type Column } from '../../../components/ui/data-table.js';
import { DateTime } from '../../../components/ui/date-time.js';
import { ConfirmDialog } from '../../../components/ui/dialog.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { SectionCard } from '../../../components/ui/section-card.js';
import { useRemovedRowFocus } from '../../../components/ui/use-removed-row-focus.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import { toast } from '../../../lib/toast.js';
import { useCreateScimToken } from '../api/create-scim-token.js';
import { useScimTokens } from '../api/get-scim-tokens.js';
import { useRevokeScimToken } from '../api/revoke-scim-token.js';
import { useRotateScimToken } from '../api/rotate-scim-token.js';
import { NewTokenDialog } from './new-token-dialog.js';
import { TokenSecretDialog, type ShownSecret } from './token-secret-dialog.js';

/** What "Last used" says for a token never used. */
export const NEVER_USED = 'Never';

/** The id of a token's Rotate button: focus comes back to it after the new secret is shown. */
const rotateId = (token: ScimToken) => `scim-token-rotate-${token.id}`;

/** Who made (or last rotated) the token: their name, else their email; a gone account says so. */
function CreatedBy({ token }: { token: ScimToken }) {
  const { createdBy } = token;
  if (!createdBy) return <span className="text-slate-600">A deleted account</span>;
  return (
    <>
      <span className="block text-slate-900">{createdBy.fullName ?? createdBy.email}</span>
      {createdBy.fullName && (
        <span className="block text-xs break-all text-slate-600">{createdBy.email}</span>
      )}
    </>
  );
}

const at = (value: string) => <DateTime value={value} pattern={RECORD_DATE_FORMAT} />;

/**
 * "SCIM tokens": the live tokens with Rotate and Revoke (each confirmed), and New token. A new
 * or rotated token's secret is shown once, in its own dialog. Making and rotating a token ask for
 * the password again when the server wants it ("Confirm your password"), then go on.
 */
export function ScimTokens() {
  const tokens = useScimTokens();
  const create = useCreateScimToken();
  const rotate = useRotateScimToken();
  const revoke = useRevokeScimToken();
  const [creating, setCreating] = useState(false);
  const [rotating, setRotating] = useState<ScimToken | null>(null);
  const [revoking, setRevoking] = useState<ScimToken | null>(null);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  // A revoked token's row goes: focus goes to the next token's first button, else the caption.
  const rowFocus = useRemovedRowFocus();
  const reauthenticated = useReauthenticated();

  // The secret is forgotten as its dialog closes; which button led to it is kept for focus.
  const lastShown = useRef<ShownSecret | null>(null);
  const showSecret = (secret: ShownSecret) => {
    lastShown.current = secret;
    setShown(secret);
  };
  /** Where focus goes once a secret's dialog closes: the button that led to it. */
  const afterSecret = () => {
    const last = lastShown.current;
    lastShown.current = null;
    return last?.how === 'rotated'
      ? (document.getElementById(rotateId(last.issued.token)) ?? newButton.current)
      : newButton.current;
  };

  const createToken = (input: { name: string }) =>
    reauthenticated.run(() => create.mutateAsync(input));

  const onCreated = (issued: IssuedScimToken) => {
    setCreating(false);
    showSecret({ issued, how: 'created' });
  };

  const confirmRotate = async () => {
    if (!rotating || rotate.isPending) return;
    try {
      const issued = await reauthenticated.run(() => rotate.mutateAsync(rotating.id));
      showSecret({ issued, how: 'rotated' });
    } catch (error) {
      if (!isReauthenticationCancelled(error)) toast.error(getErrorMessage(error));
    }
    setRotating(null);
  };

  const confirmRevoke = () => {
    if (!revoking || revoke.isPending) return;
    const { id, name } = revoking;
    revoke.mutate(id, {
      onSuccess: () => toast.success(DIRECTORY_MESSAGES.tokenRevoked(name)),
      onError: (error) => toast.error(getErrorMessage(error)),
      onSettled: () => setRevoking(null),
    });
  };

  const columns: Column<ScimToken>[] = [
    { header: 'Name', rowHeader: true, cell: (token) => token.name, className: 'break-words' },
    { header: 'Created by', cell: (token) => <CreatedBy token={token} /> },
    {
      header: 'Created',
      cell: (token) => (
        <>
          <span className="block">{at(token.createdAt)}</span>
          {token.rotatedAt && (
            <span className="block text-xs text-slate-600">Rotated {at(token.rotatedAt)}</span>
          )}
        </>
      ),
      className: 'whitespace-nowrap',
    },
    {
      header: 'Last used',
      cell: (token) =>
        token.lastUsedAt ? (
          at(token.lastUsedAt)
        ) : (
          <span className="text-slate-600">{NEVER_USED}</span>
        ),
      className: 'whitespace-nowrap',
    },
    {
      header: 'Actions',
      cell: (token) => (
        // Each button names its token (docs/accessibility.md rule 10).
        <div className="flex gap-2">
          <Button
            id={rotateId(token)}
            size="small"
            variant="secondary"
            aria-label={`Rotate ${token.name}`}
            onClick={() => setRotating(token)}
          >
            Rotate
          </Button>
          <Button
            size="small"
            variant="secondary"
            aria-label={`Revoke ${token.name}`}
            onClick={() => setRevoking(token)}
          >
            Revoke
          </Button>
        </div>
      ),
    },
  ];

  return (
    <SectionCard
      title="SCIM tokens"
      description="Each token lets one directory provision people here. Rotate a token to replace its secret; revoke it to stop it at once."
    >
      <div className="flex justify-end">
        <Button ref={newButton} onClick={() => setCreating(true)}>
          <PlusIcon />
          New token
        </Button>
      </div>
      {tokens.isError ? (
        <LoadError
          what="The tokens could not be loaded."
          error={tokens.error}
          onRetry={tokens.refetch}
        />
      ) : (
        <DataTable
          caption="SCIM tokens"
          columns={columns}
          rows={tokens.data ?? []}
          minWidth="min-w-[720px]"
          className="rounded-xl border border-slate-200"
          loading={tokens.isPending && 'Loading tokens…'}
          isFetching={tokens.isFetching}
          emptyTitle="No tokens yet"
          empty="Create one for each directory that provisions people here."
          rowFocus={rowFocus}
        />
      )}

      <NewTokenDialog
        open={creating}
        onOpenChange={setCreating}
        create={createToken}
        onCreated={onCreated}
      />
      <ConfirmDialog
        open={rotating !== null}
        onOpenChange={(open) => {
          if (!open) setRotating(null);
        }}
        title="Rotate token"
        description={
          rotating
            ? `“${rotating.name}” gets a new secret and its current one stops working at once. Paste the new one into your directory straight after.`
            : ''
        }
        confirmLabel="Rotate"
        onConfirm={() => void confirmRotate()}
        isLoading={rotate.isPending}
        destructive
      />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title="Revoke token"
        description={
          revoking
            ? `“${revoking.name}” stops working at once: the directory that uses it can no longer provision people here.`
            : ''
        }
        confirmLabel="Revoke"
        onConfirm={confirmRevoke}
        isLoading={revoke.isPending}
        destructive
        finalFocus={rowFocus.finalFocus}
      />
      <TokenSecretDialog
        shown={shown}
        onClose={() => {
          // Forgotten: the dialog's state, and the calls' answers that carried it.
          setShown(null);
          create.reset();
          rotate.reset();
        }}
        finalFocus={afterSecret}
      />
      {reauthenticated.dialog}
    </SectionCard>
  );
}
