import { describe, expect, it } from 'vitest';
import { createPasswordHasher, PASSWORD_HASH_COST } from '../../src/lib/password-hasher.js';

const PASSWORD = 'Correct-Horse-9';

describe('the password hasher', () => {
  it("hashes at the server's cost unless given another: argon2id, 19 MiB, two passes, one lane", async () => {
    expect(PASSWORD_HASH_COST).toEqual({ memoryCost: 19_456, timeCost: 2 });
    const hasher = createPasswordHasher();
    const hash = await hasher.hash(PASSWORD);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(hash, PASSWORD)).toBe(true);
    expect(hasher.needsRehash(hash)).toBe(false);
  });

  it('hashes at a given cost (tests), and judges rehashing against its own cost', async () => {
    const cheap = createPasswordHasher({ cost: { memoryCost: 1024, timeCost: 1 } });
    const server = createPasswordHasher();
    const cheapHash = await cheap.hash(PASSWORD);
    expect(cheapHash).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    // Any hasher verifies any cost: the cost is written in the hash.
    expect(await server.verify(cheapHash, PASSWORD)).toBe(true);
    expect(server.needsRehash(cheapHash)).toBe(true);
    expect(cheap.needsRehash(cheapHash)).toBe(false);
    expect(cheap.needsRehash(await server.hash(PASSWORD))).toBe(false);
  });
});
