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
  // The search this box asked for and the URL does not show yet. The URL follows a moment later
  // (a slow device, later still), and what was typed in between must stay in the box.
  const [asked, setAsked] = useState<string | null>(null);
  const searchFor = (next: string) => {
    if (next !== value) setAsked(next);
    onSearch(next);
  };
  const search = useDebouncedCallback((next: string) => searchFor(next.trim()), SEARCH_DEBOUNCE_MS);

  if (value !== lastValue) {
    setLastValue(value);
    if (value === asked) setAsked(null);
    // The URL changed by other means (Back, a link): show its search.
    else if (value !== text.trim()) setText(value);
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
          searchFor(text.trim());
        }
      }}
      trailing={<SearchIcon aria-hidden="true" className="mr-3 text-lg text-slate-500" />}
      className="w-full max-w-sm"
    />
  );
}
