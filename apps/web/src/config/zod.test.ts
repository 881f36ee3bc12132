import { describe, expect, it } from 'vitest';
import { configureZodBeforeItLoads } from './zod.js';

describe('configureZodBeforeItLoads', () => {
  it('makes zod run without eval, as zod itself reads its settings', async () => {
    configureZodBeforeItLoads();
    const { config } = await import('zod');
    expect(config().jitless).toBe(true);
  });
});
