import {
  BULK_ACTION_LABELS,
  BULK_USER_ACTIONS,
  countLabel,
  formatCount,
  type BulkUserAction,
} from '@staff-admin/shared';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button.js';
import { LiveStatus } from '../../../components/ui/live-status.js';

const USERS = ['user', 'users'] as const;

interface SelectionToolbarProps {
  /** How many users are selected (every match's count in "all that match" mode). */
  count: number;
  /** Every user that matches is selected, through the filter. */
  allMatching: boolean;
  /** Offered when the whole page is selected and more users match: how many match. */
  offerAll: number | null;
  onSelectAll: () => void;
  onClear: () => void;
  onAction: (action: BulkUserAction) => void;
}

/**
 * Shown while users are selected: how many, "select all N that match" when the page is not
 * all of them, and the bulk actions. Choosing every match puts focus on Clear selection, which
 * takes the place of the offer. The count is also said (a live region) each time it changes,
 * as focus stays on the checkbox or button that changed it.
 */
export function SelectionToolbar({
  count,
  allMatching,
  offerAll,
  onSelectAll,
  onClear,
  onAction,
}: SelectionToolbarProps) {
  const clearButton = useRef<HTMLButtonElement>(null);
  // Above the table, the toolbar pushes it down as it appears or grows (the offer to select every
  // match), and with it the checkbox just ticked, out of a short window at 320px: the control
  // that has focus is brought back into view (WCAG 2.4.11).
  useLayoutEffect(() => {
    const focused = document.activeElement;
    if (focused instanceof HTMLElement) focused.scrollIntoView({ block: 'nearest' });
  }, [count, allMatching, offerAll]);
  const wasAllMatching = useRef(allMatching);
  useEffect(() => {
    if (allMatching && !wasAllMatching.current) clearButton.current?.focus();
    wasAllMatching.current = allMatching;
  }, [allMatching]);

  const selected = `${formatCount(count)} selected`;
  const everyMatch = `All ${countLabel(count, USERS)} that match are selected.`;
  return (
    <div
      role="region"
      aria-label="Selected users"
      className="flex flex-col gap-3 rounded-2xl border border-blue-200 bg-blue-50 px-4 py-3"
    >
      <LiveStatus
        message={
          allMatching
            ? `${countLabel(count, USERS)} selected, every one that matches`
            : countLabel(count, ['user selected', 'users selected'])
        }
      />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <p className="font-semibold text-slate-900">{selected}</p>
        {allMatching && <p className="text-slate-800">{everyMatch}</p>}
        {offerAll !== null && (
          <Button variant="link" size="small" onClick={onSelectAll}>
            Select all {countLabel(offerAll, USERS)} that match
          </Button>
        )}
        <Button variant="link" size="small" ref={clearButton} onClick={onClear}>
          Clear selection
        </Button>
      </div>
      <div className="flex flex-wrap gap-2">
        {BULK_USER_ACTIONS.map((action) => (
          <Button key={action} variant="secondary" size="small" onClick={() => onAction(action)}>
            {BULK_ACTION_LABELS[action]}
          </Button>
        ))}
      </div>
    </div>
  );
}
