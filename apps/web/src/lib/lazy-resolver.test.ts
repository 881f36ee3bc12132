import type { Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazy-resolver.js';

type Values = { email: string };
const OPTIONS = { fields: {}, shouldUseNativeValidation: false };
const accept: Resolver<Values> = (values) => Promise.resolve({ values, errors: {} });

describe('lazyResolver', () => {
  it('loads the resolver once, on first use or preload, and validates with it', async () => {
    const load = vi.fn(() => Promise.resolve(accept));
    const resolver = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();

    resolver.preload();
    expect(await resolver({ email: 'a@b.co' }, undefined, OPTIONS)).toEqual({
      values: { email: 'a@b.co' },
      errors: {},
    });
    await resolver({ email: 'c@d.co' }, undefined, OPTIONS);
    expect(load).toHaveBeenCalledOnce();
  });

  it('tries to load again after a failed load', async () => {
    const load = vi
      .fn<() => Promise<Resolver<Values>>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(accept);
    const resolver = lazyResolver(load);

    await expect(resolver({ email: 'a@b.co' }, undefined, OPTIONS)).rejects.toThrow(TypeError);
    expect(await resolver({ email: 'a@b.co' }, undefined, OPTIONS)).toEqual({
      values: { email: 'a@b.co' },
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
