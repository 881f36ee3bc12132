import { DirectoryConnect } from './directory-connect.js';
import { ScimLog } from './scim-log.js';
import { ScimTokens } from './scim-tokens.js';

/**
 * Monitoring › Directory (issue 36): where the company's directory connects (the SCIM base URL),
 * the tokens it connects with, and the log of what it did with them.
 */
export function DirectoryScreen() {
  return (
    <div className="flex flex-col gap-6">
      <DirectoryConnect />
      <ScimTokens />
      <ScimLog />
    </div>
  );
}
