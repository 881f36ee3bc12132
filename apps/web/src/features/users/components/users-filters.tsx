import {
  DORMANT_DAYS_MAX,
  POSITIONS,
  POSITION_LABELS,
  STATUSES,
  STATUS_LABELS,
} from '@staff-admin/shared';
import { useState } from 'react';
import { Dropdown } from '../../../components/ui/dropdown.js';
import { FilterDropdown } from '../../../components/ui/filter-dropdown.js';
import { Input } from '../../../components/ui/input.js';
import { useDebouncedCallback } from '../../../lib/use-debounced-callback.js';
import type { UsersListFilters } from '../api/get-users.js';

type SignIn = 'any' | 'never' | 'dormant';
const SIGN_IN_OPTIONS: { value: SignIn; label: string }[] = [
  { value: 'any', label: 'Any' },
  { value: 'never', label: 'Never signed in' },
  { value: 'dormant', label: 'No sign-in for N days' },
];

/** The number of days "no sign-in for N days" starts at when it is chosen. */
export const DORMANT_DEFAULT_DAYS = 90;
const DAYS_DEBOUNCE_MS = 400;
const DAYS_INVALID = `Enter a whole number of days from 1 to ${DORMANT_DAYS_MAX}.`;

type FilterChanges = Partial<Omit<UsersListFilters, 'search'>>;

interface UsersFiltersProps {
  filters: UsersListFilters;
  onChange: (changes: FilterChanges, options?: { replace?: boolean }) => void;
}

/** Role, status and sign-in filters above the user list; the list keeps them in the URL. */
export function UsersFilters({ filters, onChange }: UsersFiltersProps) {
  const signIn: SignIn = filters.neverSignedIn
    ? 'never'
    : filters.dormantDays !== null
      ? 'dormant'
      : 'any';

  return (
    <>
      <FilterDropdown
        label="Role"
        allLabel="All roles"
        values={POSITIONS}
        labels={POSITION_LABELS}
        value={filters.position}
        onChange={(position) => onChange({ position })}
        className="w-44"
      />
      <FilterDropdown
        label="Status"
        allLabel="All statuses"
        values={STATUSES}
        labels={STATUS_LABELS}
        value={filters.status}
        onChange={(status) => onChange({ status })}
        className="w-40"
      />
      <Dropdown
        label="Sign-in"
        options={SIGN_IN_OPTIONS}
        value={signIn}
        onChange={(value) =>
          onChange({
            neverSignedIn: value === 'never',
            dormantDays: value === 'dormant' ? (filters.dormantDays ?? DORMANT_DEFAULT_DAYS) : null,
          })
        }
        className="w-56"
      />
      {filters.dormantDays !== null && (
        <DormantDaysInput
          value={filters.dormantDays}
          onChange={(dormantDays) => onChange({ dormantDays }, { replace: true })}
        />
      )}
    </>
  );
}

/**
 * N of "no sign-in for N days": the list follows once typing pauses, and only a whole number in
 * range; the field follows the URL when it changes by other means (Back).
 */
function DormantDaysInput({
  value,
  onChange,
}: {
  value: number;
  onChange: (days: number) => void;
}) {
  const [text, setText] = useState(String(value));
  const [lastValue, setLastValue] = useState(value);
  const commit = useDebouncedCallback(onChange, DAYS_DEBOUNCE_MS);
  if (value !== lastValue) {
    setLastValue(value);
    if (String(value) !== text.trim()) setText(String(value));
  }
  const trimmed = text.trim();
  const days = /^\d+$/.test(trimmed) ? Number(trimmed) : NaN;
  const valid = days >= 1 && days <= DORMANT_DAYS_MAX;

  return (
    <Input
      label="Days without sign-in"
      type="number"
      inputMode="numeric"
      min={1}
      max={DORMANT_DAYS_MAX}
      value={text}
      error={valid ? undefined : DAYS_INVALID}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        const number = Number(next.trim());
        if (/^\d+$/.test(next.trim()) && number >= 1 && number <= DORMANT_DAYS_MAX) {
          commit.run(number);
        } else {
          commit.cancel();
        }
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && valid) {
          commit.cancel();
          onChange(days);
        }
      }}
      className="w-44"
    />
  );
}
