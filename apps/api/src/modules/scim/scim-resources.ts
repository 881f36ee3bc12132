import { SCIM_BASE_PATH } from '@staff-admin/shared';
import type { DirectoryGroup, DirectoryUser } from './directory.repository.js';

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const ENTERPRISE_USER_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

/** The most resources one list answer holds (ServiceProviderConfig's filter.maxResults). */
export const SCIM_MAX_RESULTS = 200;

/**
 * A resource's version (meta.version and the ETag): its last change, to the millisecond, weak as
 * RFC 7644 §3.14 allows for a version that is not a hash of the representation.
 */
export const versionOf = (updatedAt: string) => `W/"${Date.parse(updatedAt).toString(36)}"`;

export interface ScimUser {
  schemas: string[];
  id: string;
  externalId?: string;
  userName: string;
  name: { formatted?: string; givenName?: string; familyName?: string };
  displayName?: string;
  emails: { value: string; type: 'work'; primary: true }[];
  active: boolean;
  groups: { value: string; display: string; $ref: string }[];
  meta: {
    resourceType: 'User';
    created: string;
    lastModified: string;
    location: string;
    version: string;
  };
}

export interface ScimGroup {
  schemas: string[];
  id: string;
  externalId?: string;
  displayName: string;
  members?: { value: string; display: string; $ref: string }[];
  meta: {
    resourceType: 'Group';
    created: string;
    lastModified: string;
    location: string;
    version: string;
  };
}

/** A user as SCIM shows them; a pending user is active (not deactivated) until set up. */
export function toScimUser(user: DirectoryUser, appUrl: string): ScimUser {
  const base = `${appUrl}${SCIM_BASE_PATH}`;
  const name: ScimUser['name'] = {};
  if (user.fullName) name.formatted = user.fullName;
  if (user.givenName) name.givenName = user.givenName;
  if (user.familyName) name.familyName = user.familyName;
  return {
    schemas: [USER_SCHEMA],
    id: user.id,
    ...(user.externalId ? { externalId: user.externalId } : {}),
    userName: user.email,
    name,
    ...(user.fullName ? { displayName: user.fullName } : {}),
    emails: [{ value: user.email, type: 'work', primary: true }],
    active: user.status !== 'inactive',
    groups: user.groups.map((group) => ({
      value: group.id,
      display: group.displayName,
      $ref: `${base}/Groups/${group.id}`,
    })),
    meta: {
      resourceType: 'User',
      created: user.createdAt,
      lastModified: user.updatedAt,
      location: `${base}/Users/${user.id}`,
      version: versionOf(user.updatedAt),
    },
  };
}

export function toScimGroup(
  group: DirectoryGroup,
  members: { id: string; email: string }[] | undefined,
  appUrl: string,
): ScimGroup {
  const base = `${appUrl}${SCIM_BASE_PATH}`;
  return {
    schemas: [GROUP_SCHEMA],
    id: group.id,
    ...(group.externalId ? { externalId: group.externalId } : {}),
    displayName: group.displayName,
    ...(members
      ? {
          members: members.map((member) => ({
            value: member.id,
            display: member.email,
            $ref: `${base}/Users/${member.id}`,
          })),
        }
      : {}),
    meta: {
      resourceType: 'Group',
      created: group.createdAt,
      lastModified: group.updatedAt,
      location: `${base}/Groups/${group.id}`,
      version: versionOf(group.updatedAt),
    },
  };
}

export const listResponse = <T>(resources: T[], total: number, startIndex: number) => ({
  schemas: [LIST_SCHEMA],
  totalResults: total,
  startIndex,
  itemsPerPage: resources.length,
  Resources: resources,
});

/** GET /ServiceProviderConfig (RFC 7643 §5): what this server supports. */
export const serviceProviderConfig = (appUrl: string) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
  documentationUri: `${appUrl}/support`,
  patch: { supported: true },
  bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
  filter: { supported: true, maxResults: SCIM_MAX_RESULTS },
  changePassword: { supported: false },
  sort: { supported: false },
  etag: { supported: true },
  authenticationSchemes: [
    {
      type: 'oauthbearertoken',
      name: 'Bearer token',
      description: 'A SCIM token made by an admin in Monitoring › Directory',
      primary: true,
    },
  ],
  meta: {
    resourceType: 'ServiceProviderConfig',
    location: `${appUrl}${SCIM_BASE_PATH}/ServiceProviderConfig`,
  },
});

/** GET /ResourceTypes (RFC 7643 §6). */
export const resourceTypes = (appUrl: string) =>
  [
    { id: 'User', name: 'User', endpoint: '/Users', schema: USER_SCHEMA, description: 'Staff' },
    {
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      schema: GROUP_SCHEMA,
      description: 'Groups mapped to roles by OIDC_ROLE_MAP',
    },
  ].map((type) => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
    ...type,
    ...(type.id === 'User'
      ? { schemaExtensions: [{ schema: ENTERPRISE_USER_SCHEMA, required: false }] }
      : {}),
    meta: {
      resourceType: 'ResourceType',
      location: `${appUrl}${SCIM_BASE_PATH}/ResourceTypes/${type.id}`,
    },
  }));

const attribute = (
  name: string,
  type: 'string' | 'boolean' | 'complex' | 'dateTime' | 'reference',
  options: {
    multiValued?: boolean;
    required?: boolean;
    mutability?: 'readOnly' | 'readWrite' | 'immutable';
    uniqueness?: 'none' | 'server';
    subAttributes?: unknown[];
    description: string;
  },
) => ({
  name,
  type,
  multiValued: options.multiValued ?? false,
  description: options.description,
  required: options.required ?? false,
  caseExact: false,
  mutability: options.mutability ?? 'readWrite',
  returned: 'default',
  uniqueness: options.uniqueness ?? 'none',
  ...(options.subAttributes ? { subAttributes: options.subAttributes } : {}),
});

/** GET /Schemas (RFC 7643 §7): the attributes this server keeps; others are accepted and ignored. */
export const schemas = (appUrl: string) =>
  [
    {
      id: USER_SCHEMA,
      name: 'User',
      description: 'A member of staff',
      attributes: [
        attribute('userName', 'string', {
          required: true,
          uniqueness: 'server',
          description: 'The work email address; it is how the person signs in',
        }),
        attribute('name', 'complex', {
          description: 'The full name shown in the site',
          subAttributes: [
            attribute('formatted', 'string', { description: 'The full name' }),
            attribute('givenName', 'string', { description: 'Given name' }),
            attribute('familyName', 'string', { description: 'Family name' }),
          ],
        }),
        attribute('displayName', 'string', { description: 'The full name, when name is not sent' }),
        attribute('emails', 'complex', {
          multiValued: true,
          description: 'The work email (the same as userName)',
          subAttributes: [
            attribute('value', 'string', { description: 'The address' }),
            attribute('type', 'string', { description: 'work' }),
            attribute('primary', 'boolean', { description: 'Always true' }),
          ],
        }),
        attribute('active', 'boolean', { description: 'false deactivates and ends every session' }),
        attribute('externalId', 'string', { description: "The directory's own id" }),
        attribute('groups', 'complex', {
          multiValued: true,
          mutability: 'readOnly',
          description: 'The groups the person is a member of',
        }),
      ],
    },
    {
      id: GROUP_SCHEMA,
      name: 'Group',
      description: 'A group of the directory; OIDC_ROLE_MAP maps its name to a role',
      attributes: [
        attribute('displayName', 'string', {
          required: true,
          uniqueness: 'server',
          description: 'The group name OIDC_ROLE_MAP refers to',
        }),
        attribute('externalId', 'string', { description: "The directory's own id" }),
        attribute('members', 'complex', {
          multiValued: true,
          description: 'The users in the group',
          subAttributes: [attribute('value', 'string', { description: 'A user id' })],
        }),
      ],
    },
  ].map((schema) => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    ...schema,
    meta: { resourceType: 'Schema', location: `${appUrl}${SCIM_BASE_PATH}/Schemas/${schema.id}` },
  }));
