import { parse, type Filter } from 'scim2-parse-filter';
import { normalizeEmail } from '@staff-admin/shared';
import type { GroupQuery, UserQuery } from './directory.repository.js';
import { ScimError } from './scim-errors.js';

/**
 * SCIM filters (RFC 7644 §3.4.2.2), parsed by scim2-parse-filter: what Okta and Entra ID send,
 * one `eq` or an `and` of them, on the attributes below. Anything else is 400 invalidFilter
 * rather than a filter silently ignored, which would answer a lookup with every user.
 */
const USER_ATTRIBUTES: Record<string, keyof UserQuery | 'any'> = {
  id: 'id',
  username: 'email',
  'emails.value': 'email',
  emails: 'email',
  // Entra ID's `emails[type eq "work"].value eq "…"`: every email here is the work email.
  'emails.type': 'any',
  externalid: 'externalId',
};
const GROUP_ATTRIBUTES: Record<string, keyof GroupQuery> = {
  id: 'id',
  displayname: 'displayName',
  externalid: 'externalId',
  'members.value': 'memberId',
};

const unsupported = (filter: string) =>
  new ScimError(400, `This filter is not supported: ${filter.slice(0, 200)}`, 'invalidFilter');

/** The `eq` comparisons of a filter, flattened; throws for any other shape. */
function comparisons(
  filter: Filter,
  source: string,
  prefix = '',
): { attribute: string; value: string }[] {
  switch (filter.op) {
    case 'and':
      return filter.filters.flatMap((part) => comparisons(part, source, prefix));
    case 'eq':
      if (typeof filter.compValue !== 'string') throw unsupported(source);
      return [{ attribute: `${prefix}${filter.attrPath}`.toLowerCase(), value: filter.compValue }];
    case '[]':
      return comparisons(filter.valFilter, source, `${filter.attrPath}.`);
    default:
      throw unsupported(source);
  }
}

function parseFilter(source: string): { attribute: string; value: string }[] {
  let filter: Filter;
  try {
    filter = parse(source);
  } catch {
    throw new ScimError(400, 'The filter could not be read', 'invalidFilter');
  }
  return comparisons(filter, source);
}

/** Drops a schema URN prefix (`urn:…:User:userName` is `userName`). */
const bare = (attribute: string) => attribute.replace(/^urn:[^ ]*:(?=[^:]+$)/, '');

export function userQuery(source: string | undefined): UserQuery {
  const query: UserQuery = {};
  if (!source) return query;
  for (const { attribute, value } of parseFilter(source)) {
    const key = USER_ATTRIBUTES[bare(attribute)];
    if (!key) throw unsupported(source);
    if (key === 'any') continue;
    query[key] =
      key === 'email' ? normalizeEmail(value) : key === 'id' ? value.toLowerCase() : value;
  }
  return query;
}

export function groupQuery(source: string | undefined): GroupQuery {
  const query: GroupQuery = {};
  if (!source) return query;
  for (const { attribute, value } of parseFilter(source)) {
    const key = GROUP_ATTRIBUTES[bare(attribute)];
    if (!key) throw unsupported(source);
    query[key] = key === 'id' || key === 'memberId' ? value.toLowerCase() : value;
  }
  return query;
}
