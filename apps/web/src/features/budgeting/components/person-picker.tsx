import type { PersonRef } from '@staff-admin/shared';
import { useState, type Ref } from 'react';
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
  /** The person `value` names when the form opens (a project's owner), named before any search. */
  current?: PersonRef | null;
}

/**
 * Picks an active staff member, searchable by name or email. The server answers at most
 * BUDGETING_PEOPLE_LIMIT people (GET /budgeting/people), first by name, so what is typed is
 * searched there too: anyone can be found, however many staff there are.
 */
export function PersonPicker({
  label,
  value,
  onChange,
  onBlur,
  error,
  ref,
  current = null,
}: PersonPickerProps) {
  const [search, setSearch] = useState('');
  const people = usePeople(search);
  const found = people.data ?? [];
  // The person chosen (or given) keeps their name when the list does not hold them: the server
  // answers a first page of people, or those a search finds.
  const [chosen, setChosen] = useState<PersonRef | null>(current);
  const listed =
    chosen?.id === value && !found.some((person) => person.id === value)
      ? [chosen, ...found]
      : found;
  return (
    <SearchableDropdown
      label={label}
      options={listed.map((person) => ({ value: person.id, label: personLabel(person) }))}
      value={value || null}
      onChange={(id) => {
        setChosen(listed.find((person) => person.id === id) ?? null);
        onChange(id);
      }}
      onSearch={setSearch}
      onBlur={onBlur}
      error={error}
      ref={ref}
      placeholder={people.isPending ? 'Loading…' : 'Choose a person'}
    />
  );
}
