import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from '../../src/http/serializer.js';
import { envelope, errorBodySchema } from '../../src/http/schemas.js';
import { userSchema } from '../../src/modules/users/users.schemas.js';

const route = (schema: z.ZodType) => ({
  schema,
  method: 'GET',
  url: '/api/test',
  httpStatus: '200',
});

const user = {
  id: '0b6f1b9e-3d4c-4f8e-9a57-2f1d6c9e8a10',
  email: 'jane@example.com',
  fullName: 'Jane Doe',
  position: 'admin',
  status: 'active',
  imageUrl: null,
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-02T08:00:00.000Z',
  invitedBy: null,
  twoStepEnabled: false,
  twoStepRequired: false,
  managedBySso: false,
  managedByDirectory: false,
  lastSignInAt: null,
  invitation: null,
};

describe('the answer serializer', () => {
  it('writes only what the schema names: a field a service adds by mistake stays on the server', () => {
    const serialize = serializerCompiler(route(envelope(userSchema)));
    const sent = JSON.parse(
      serialize({ data: { ...user, passwordHash: '$argon2id$v=19$secret', token: 'abc' } }),
    ) as { data: Record<string, unknown> };
    expect(sent.data).not.toHaveProperty('passwordHash');
    expect(sent.data).not.toHaveProperty('token');
    expect(sent.data).toEqual(user);
  });

  it('writes the same JSON as zod for the error body, with and without field messages', () => {
    const serialize = serializerCompiler(route(errorBodySchema));
    const bodies = [
      { code: 404, message: 'User not found' },
      { code: 400, message: 'Invalid input', errors: { email: 'Email is invalid.' } },
      { code: 403, message: 'Forbidden', reason: 'two_step_setup_required' },
    ];
    for (const body of bodies) expect(JSON.parse(serialize(body))).toEqual(body);
  });

  it('refuses an answer that lacks a field the schema requires, as zod did', () => {
    const serialize = serializerCompiler(route(envelope(userSchema)));
    const { twoStepRequired: _left, ...incomplete } = user;
    expect(() => serialize({ data: incomplete })).toThrow(/twoStepRequired/);
  });

  it('leaves a schema JSON Schema cannot express (a date) to zod, which encodes it', () => {
    const dated = z.object({ at: z.date() });
    const at = new Date('2026-11-26T12:00:00.000Z');
    expect(serializerCompiler(route(dated))({ at })).toBe('{"at":"2026-11-26T12:00:00.000Z"}');
  });
});
