import { SearchBox } from '../../../components/ui/search-box.js';

interface UserSearchProps {
  /** The search the list shows now (from the URL). */
  value: string;
  onSearch: (search: string) => void;
}

/** The user list's search box: name or email. */
export function UserSearch({ value, onSearch }: UserSearchProps) {
  return <SearchBox value={value} onSearch={onSearch} placeholder="Search by name or email" />;
}
