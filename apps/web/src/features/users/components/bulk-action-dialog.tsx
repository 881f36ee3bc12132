import {
  BULK_ACTION_LABELS,
  countLabel,
  POSITIONS,
  POSITION_LABELS,
  VALIDATION_MESSAGES,
  type BulkUserAction,
  type Position,
} from '@staff-admin/shared';
import { useId, useState } from 'react';
import { Dropdown } from '../../../components/ui/dropdown.js';
import type { BulkTarget } from '../api/bulk-users.js';
import { BulkRunDialog } from './bulk-run-dialog.js';

/** What the selection toolbar asks for: an action on the chosen users or on every match. */
export interface BulkRequest {
  action: BulkUserAction;
  target: BulkTarget;
  /** How many users that is (the list's count for every match). */
  total: number;
  /** The chosen users' emails by id, for the results. */
  knownEmails?: ReadonlyMap<string, string>;
}

const POSITION_OPTIONS = POSITIONS.map((value) => ({ value, label: POSITION_LABELS[value] }));

/** The confirmation's title: the action and how many users it is for. */
export function bulkActionTitle(action: BulkUserAction, total: number): string {
  const users = countLabel(total, ['user', 'users']);
  switch (action) {
    case 'changeRole':
      return `Change the role of ${users}`;
    case 'resendInvitation':
      return `Resend invitations to ${users}`;
    case 'endSessions':
      return `End the sessions of ${users}`;
    default:
      return `${BULK_ACTION_LABELS[action]} ${users}`;
  }
}

const EFFECTS: Record<BulkUserAction, string> = {
  changeRole: 'Each gets the role chosen below.',
  activate:
    'Each can sign in again. Pending users are skipped: they become active by setting up their account.',
  deactivate:
    'Each is signed out and can no longer sign in. You cannot deactivate yourself or the last active admin.',
  resendInvitation:
    'Each pending user gets a new invitation email, and their older links stop working. Others are skipped.',
  endSessions: 'Each is signed out on every device and must log in again.',
  delete:
    'Each record is deleted. You cannot delete yourself or the last active admin. This cannot be undone.',
};

function scope(request: BulkRequest): string {
  const users = countLabel(request.total, ['user', 'users']);
  return 'ids' in request.target
    ? `${users} selected.`
    : `Every user that matches the search and filters: ${users} now.`;
}

interface BulkActionDialogProps {
  /** The action to confirm and run; null: closed. */
  request: BulkRequest | null;
  onClose: () => void;
  /** A run has ended: the selection it was for is done with. */
  onRan: () => void;
  finalFocus: () => HTMLElement | null;
}

/** Confirms a selection toolbar's action (asking for the role to change to), runs it, reports. */
export function BulkActionDialog({ request, onClose, onRan, finalFocus }: BulkActionDialogProps) {
  const [shown, setShown] = useState(request);
  const [position, setPosition] = useState<Position | null>(null);
  const [positionError, setPositionError] = useState<string>();
  const roleFieldId = useId();
  // A new request starts afresh; a closing dialog keeps its last one on screen.
  if (request && request !== shown) {
    setShown(request);
    setPosition(null);
    setPositionError(undefined);
  }
  if (!shown) return null;
  const { action, target, total, knownEmails } = shown;

  const prepare = () => {
    if (action === 'changeRole' && !position) {
      setPositionError(VALIDATION_MESSAGES.positionRequired);
      document.getElementById(roleFieldId)?.focus();
      return null;
    }
    return { action, target, total, ...(action === 'changeRole' && position ? { position } : {}) };
  };

  return (
    <BulkRunDialog
      open={request !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={bulkActionTitle(action, total)}
      description={`${scope(shown)} ${EFFECTS[action]}`}
      confirmLabel={BULK_ACTION_LABELS[action]}
      destructive={action === 'delete'}
      prepare={prepare}
      knownEmails={knownEmails}
      onRan={onRan}
      finalFocus={finalFocus}
    >
      {action === 'changeRole' && (
        <Dropdown
          label="New role"
          options={POSITION_OPTIONS}
          value={position}
          onChange={(value) => {
            setPosition(value);
            setPositionError(undefined);
          }}
          error={positionError}
          id={roleFieldId}
          className="mt-6"
        />
      )}
    </BulkRunDialog>
  );
}
