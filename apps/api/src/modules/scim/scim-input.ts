import {
  emailSchema,
  fullNameOrEmptySchema,
  hasControlOrInvisibleCharacters,
  normalizeEmail,
} from '@staff-admin/shared';
import { ScimError } from './scim-errors.js';

/** What this server keeps of a SCIM User (the rest is accepted and ignored). */
export interface UserInput {
  email: string;
  fullName: string | null;
  givenName: string | null;
  familyName: string | null;
  externalId: string | null;
  active: boolean;
}

export interface GroupInput {
  displayName: string;
  externalId: string | null;
  /** Member user ids; undefined when the body does not say (PUT without members keeps none). */
  memberIds: string[];
}

const EXTERNAL_ID_MAX_LENGTH = 255;
const GROUP_NAME_MAX_LENGTH = 255;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Attribute names are case-insensitive (RFC 7643 §2.1): the value of `name` in any case. */
export function attributeOf(object: Json, name: string): unknown {
  if (name in object) return object[name];
  const wanted = name.toLowerCase();
  const key = Object.keys(object).find((candidate) => candidate.toLowerCase() === wanted);
  return key === undefined ? undefined : object[key];
}

const text = (value: unknown, field: string): string | null => {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string')
    throw new ScimError(400, `${field} must be a string`, 'invalidValue');
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

/**
 * A boolean, also as Entra ID sends it in PATCH: the strings "True" and "False" in any case
 * (its known deviation from RFC 7643 §2.3.2).
 */
export function readBoolean(value: unknown, field: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(?:true|false)$/i.test(value))
    return value.toLowerCase() === 'true';
  throw new ScimError(400, `${field} must be true or false`, 'invalidValue');
}

/** The directory's own id of a resource, at most EXTERNAL_ID_MAX_LENGTH characters. */
function externalIdOf(body: Json): string | null {
  const externalId = text(attributeOf(body, 'externalId'), 'externalId');
  if (externalId && externalId.length > EXTERNAL_ID_MAX_LENGTH) {
    throw new ScimError(
      400,
      `externalId must be at most ${EXTERNAL_ID_MAX_LENGTH} characters`,
      'invalidValue',
    );
  }
  return externalId;
}

/** The work email: the primary one, else the one of type work, else the first. */
function workEmail(emails: unknown): string | null {
  if (!Array.isArray(emails)) return null;
  const entries = emails.filter(isObject);
  const chosen =
    entries.find((entry) => attributeOf(entry, 'primary') === true) ??
    entries.find((entry) => attributeOf(entry, 'type') === 'work') ??
    entries[0];
  return chosen ? text(attributeOf(chosen, 'value'), 'emails.value') : null;
}

/** The full name: name.formatted, else given and family names, else displayName; the site's rule. */
function fullNameOf(
  name: Json,
  displayName: string | null,
): {
  fullName: string | null;
  givenName: string | null;
  familyName: string | null;
} {
  const givenName = text(attributeOf(name, 'givenName'), 'name.givenName');
  const familyName = text(attributeOf(name, 'familyName'), 'name.familyName');
  const joined = [givenName, familyName].filter(Boolean).join(' ');
  const candidate =
    text(attributeOf(name, 'formatted'), 'name.formatted') ?? (joined || displayName);
  const checked = fullNameOrEmptySchema.safeParse(candidate ?? '');
  if (!checked.success) {
    throw new ScimError(
      400,
      `name: ${checked.error.issues[0]?.message ?? 'invalid'}`,
      'invalidValue',
    );
  }
  for (const [field, part] of [
    ['name.givenName', givenName],
    ['name.familyName', familyName],
  ] as const) {
    if (part && !fullNameOrEmptySchema.safeParse(part).success) {
      throw new ScimError(400, `${field} has characters that are not allowed`, 'invalidValue');
    }
  }
  return { fullName: checked.data || null, givenName, familyName };
}

/**
 * A SCIM User (a POST or PUT body, or the resource a PATCH produced) as what we keep. `emailFrom`:
 * which attribute wins when userName and the work email differ (a PATCH that changed only
 * `emails[type eq "work"].value` moves the email).
 */
export function readUser(
  body: unknown,
  { emailFrom = 'userName' }: { emailFrom?: 'userName' | 'emails' } = {},
): UserInput {
  if (!isObject(body))
    throw new ScimError(400, 'The body must be a SCIM User object', 'invalidSyntax');
  const userName = text(attributeOf(body, 'userName'), 'userName');
  const email = workEmail(attributeOf(body, 'emails'));
  // userName is required (RFC 7643 §4.1); after a patch of the work email alone, that email wins.
  const chosen = emailFrom === 'emails' ? (email ?? userName) : userName;
  if (!chosen) throw new ScimError(400, 'userName is required', 'invalidValue');
  const checked = emailSchema.safeParse(chosen);
  if (!checked.success) {
    throw new ScimError(400, 'userName must be an email address', 'invalidValue');
  }
  const name = attributeOf(body, 'name');
  const displayName = text(attributeOf(body, 'displayName'), 'displayName');
  const externalId = externalIdOf(body);
  const active = attributeOf(body, 'active');
  return {
    email: normalizeEmail(checked.data),
    ...fullNameOf(isObject(name) ? name : {}, displayName),
    externalId,
    active: active === undefined || active === null ? true : readBoolean(active, 'active'),
  };
}

/** A SCIM Group (a POST or PUT body, or the resource a PATCH produced). */
export function readGroup(body: unknown): GroupInput {
  if (!isObject(body))
    throw new ScimError(400, 'The body must be a SCIM Group object', 'invalidSyntax');
  const displayName = text(attributeOf(body, 'displayName'), 'displayName');
  if (!displayName) throw new ScimError(400, 'displayName is required', 'invalidValue');
  if (displayName.length > GROUP_NAME_MAX_LENGTH || hasControlOrInvisibleCharacters(displayName)) {
    throw new ScimError(
      400,
      'displayName is too long or has characters that are not allowed',
      'invalidValue',
    );
  }
  const externalId = externalIdOf(body);
  const members = attributeOf(body, 'members');
  if (members !== undefined && members !== null && !Array.isArray(members)) {
    throw new ScimError(400, 'members must be a list', 'invalidValue');
  }
  const memberIds = (Array.isArray(members) ? members : []).map((member) => {
    const value = isObject(member) ? attributeOf(member, 'value') : undefined;
    if (typeof value !== 'string' || value === '') {
      throw new ScimError(400, 'Each member needs a value (a user id)', 'invalidValue');
    }
    return value.toLowerCase();
  });
  return { displayName, externalId, memberIds: [...new Set(memberIds)] };
}
