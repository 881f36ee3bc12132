import type { PersonRef } from '@staff-admin/shared';
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
}

/** Picks an active staff member (GET /budgeting/people), searchable by name or email. */
export function PersonPicker({ label, value, onChange, onBlur, error }: PersonPickerProps) {
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
      placeholder={people.isPending ? 'Loading…' : 'Choose a person'}
    />
  );
}
