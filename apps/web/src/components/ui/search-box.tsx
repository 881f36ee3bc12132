import { SEARCH_MAX_LENGTH } from '@staff-admin/shared';
import { useState } from 'react';
import { SearchIcon } from 'lucide-react';
import { useDebouncedCallback } from '../../lib/use-debounced-callback.js';
import { Input } from './input.js';

/** How long typing must pause before a list is searched. */
export const SEARCH_DEBOUNCE_MS = 300;

interface SearchBoxProps {
  /** The search the list shows now (from the URL). */
  value: string;
  onSearch: (search: string) => void;
  placeholder: string;
  label?: string;
}

/** A list's search box: it searches once typing pauses (or on Enter), and follows the URL on Back. */
export function SearchBox({ value, onSearch, placeholder, label = 'Search' }: SearchBoxProps) {
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
      label={label}
      type="search"
      placeholder={placeholder}
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
