import type { PersonRef } from '@staff-admin/shared';
import type { Ref } from 'react';
import { SearchableDropdown } from '../../../components/ui/searchable-dropdown.js';
import { usePeople } from '../api/get-people.js';

const personLabel = (person: PersonRef) =>
  person.fullName ? `${person.fullName} (${person.email})` : person.email;

interface PersonPickerProps {
  label: string;
  value: string;
  onChange: (id: string) => void;
  onBlur?: () => void;
  error?: string;
  /** The control, for a form to focus (react-hook-form's `field.ref`). */
  ref?: Ref<HTMLButtonElement>;
}

/** Picks an active staff member (GET /budgeting/people), searchable by name or email. */
export function PersonPicker({ label, value, onChange, onBlur, error, ref }: PersonPickerProps) {
  const people = usePeople('');
  const options = (people.data ?? []).map((person) => ({
    value: person.id,
    label: personLabel(person),
  }));
  return (
    <SearchableDropdown
      label={label}
      options={options}
      value={value || null}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
      ref={ref}
      placeholder={people.isPending ? 'Loading…' : 'Choose a person'}
    />
  );
}
