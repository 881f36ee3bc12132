import {
  scimPatch,
  ScimError as PatchError,
  type ScimPatchOperation,
  type ScimResource,
} from 'scim-patch';
import { PATCH_SCHEMA } from './scim-resources.js';
import { ScimError, type ScimType } from './scim-errors.js';
import { attributeOf } from './scim-input.js';

const MAX_OPERATIONS = 1000;

/**
 * Names that reach an object's prototype. scim-patch walks a path or a value object's keys into
 * the resource, so `__proto__.isAdmin` would set `isAdmin` on every object of the process
 * (the SCIM fuzz test found it): no SCIM attribute has these names, and they are refused.
 */
const PROTOTYPE_NAMES = /(?:^|[^\w$])(?:__proto__|constructor|prototype)(?:[^\w$]|$)/;

/** The path with its quoted filter values blanked: a value may be any text (linear: no nesting). */
const outsideQuotes = (path: string) => path.replace(/"[^"]*"/g, '""');

function hasPrototypeKey(value: unknown, depth = 0): boolean {
  if (typeof value !== 'object' || value === null || depth > 20) return false;
  return Object.keys(value).some(
    (key) =>
      PROTOTYPE_NAMES.test(key) ||
      hasPrototypeKey((value as Record<string, unknown>)[key], depth + 1),
  );
}

/**
 * A PatchOp body's operations (RFC 7644 §3.5.2), applied by scim-patch to the resource as SCIM
 * shows it. Op names are matched in any case (Entra ID sends "Replace"); a no-path value object
 * with attribute paths as keys (Entra ID's `{"name.givenName": …}`) is what scim-patch applies.
 * The caller reads the patched resource back with the same reader as a PUT body.
 */
export function applyPatch<T extends object>(
  resource: T,
  body: unknown,
): T & Record<string, unknown> {
  const operations = readOperations(body);
  try {
    return scimPatch(resource as unknown as ScimResource, operations, {
      mutateDocument: false,
      treatMissingAsAdd: true,
    }) as unknown as T & Record<string, unknown>;
  } catch (error) {
    throw new ScimError(400, String((error as Error).message).slice(0, 300), scimTypeOf(error));
  }
}

/**
 * scim-patch's code (`scimCode`) as RFC 7644 §3.12's scimType. The body's own syntax was checked
 * before (readOperations), so a syntax error the library finds is in a path.
 */
function scimTypeOf(error: unknown): ScimType {
  if (!(error instanceof PatchError)) return 'invalidValue';
  if (error.scimCode === 'noTarget') return 'noTarget';
  if (error.scimCode === 'invalidSyntax' || error.scimCode === 'invalidPath') return 'invalidPath';
  return 'invalidValue';
}

function readOperations(body: unknown): ScimPatchOperation[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ScimError(400, 'The body must be a PatchOp', 'invalidSyntax');
  }
  const schemas = attributeOf(body as Record<string, unknown>, 'schemas');
  if (Array.isArray(schemas) && !schemas.includes(PATCH_SCHEMA)) {
    throw new ScimError(400, `schemas must include ${PATCH_SCHEMA}`, 'invalidSyntax');
  }
  const operations = attributeOf(body as Record<string, unknown>, 'Operations');
  if (!Array.isArray(operations) || operations.length === 0) {
    throw new ScimError(400, 'Operations must be a non-empty list', 'invalidSyntax');
  }
  if (operations.length > MAX_OPERATIONS) {
    throw new ScimError(400, `At most ${MAX_OPERATIONS} operations`, 'tooMany');
  }
  return operations.map((operation) => {
    if (typeof operation !== 'object' || operation === null) {
      throw new ScimError(400, 'Each operation must be an object', 'invalidSyntax');
    }
    const op = attributeOf(operation as Record<string, unknown>, 'op');
    const path = attributeOf(operation as Record<string, unknown>, 'path');
    const value = attributeOf(operation as Record<string, unknown>, 'value');
    if (typeof op !== 'string' || !['add', 'replace', 'remove'].includes(op.toLowerCase())) {
      throw new ScimError(400, 'op must be add, replace or remove', 'invalidSyntax');
    }
    if (path !== undefined && typeof path !== 'string') {
      throw new ScimError(400, 'path must be a string', 'invalidPath');
    }
    if (path !== undefined && PROTOTYPE_NAMES.test(outsideQuotes(path))) {
      throw new ScimError(400, 'path names no attribute of this resource', 'invalidPath');
    }
    if (hasPrototypeKey(value)) {
      throw new ScimError(400, 'value names no attribute of this resource', 'invalidValue');
    }
    if (op.toLowerCase() === 'remove' && !path) {
      throw new ScimError(400, 'A remove operation needs a path', 'noTarget');
    }
    if (op.toLowerCase() !== 'remove' && value === undefined) {
      throw new ScimError(400, `The ${op} operation needs a value`, 'invalidSyntax');
    }
    return {
      op: op.toLowerCase(),
      ...(path === undefined ? {} : { path }),
      ...(value === undefined ? {} : { value }),
    } as ScimPatchOperation;
  });
}
