import { SEARCH_MAX_LENGTH } from '@staff-admin/shared';
import { useState } from 'react';
import { SearchIcon } from 'lucide-react';
import { Input } from '../../../components/ui/input.js';
import { useDebouncedCallback } from '../../../lib/use-debounced-callback.js';

/** How long typing must pause before the list is searched. */
const SEARCH_DEBOUNCE_MS = 300;

interface UserSearchProps {
  /** The search the list shows now (from the URL). */
  value: string;
  onSearch: (search: string) => void;
}

/** The list's search box: it searches once typing pauses, and follows the URL on Back. */
export function UserSearch({ value, onSearch }: UserSearchProps) {
  const [text, setText] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  const search = useDebouncedCallback((next: string) => onSearch(next.trim()), SEARCH_DEBOUNCE_MS);

  // The URL changed by other means (Back, a link): show its search.
  if (value !== lastValue) {
    setLastValue(value);
    if (value !== text.trim()) setText(value);
  }

  return (
    <Input
      label="Search"
      type="search"
      placeholder="Search by name or email"
      autoComplete="off"
      maxLength={SEARCH_MAX_LENGTH}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        search.run(event.target.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          search.cancel();
          onSearch(text.trim());
        }
      }}
      trailing={<SearchIcon aria-hidden="true" className="mr-3 text-lg text-slate-500" />}
      className="w-full max-w-sm"
    />
  );
}
