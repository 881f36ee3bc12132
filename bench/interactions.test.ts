import { describe, expect, it } from 'vitest';
import { INTERACTION_NAMES } from './budgets.mjs';
import {
  DURATION_THRESHOLD_MS,
  INTERACTIONS,
  interactionToNextPaint,
} from './lib/interactions.mjs';

const entry = (interactionId: number, name: string, duration: number) => ({
  interactionId,
  name,
  startTime: 0,
  duration,
});

describe('interaction to next paint', () => {
  it('takes the longest entry of each interaction, then the longest interaction', () => {
    const entries = [
      entry(1, 'pointerdown', 24),
      entry(1, 'click', 88),
      entry(2, 'keydown', 40),
      entry(2, 'keyup', 32),
    ];
    expect(interactionToNextPaint(entries)).toBe(88);
    expect(interactionToNextPaint(entries.slice(2))).toBe(40);
  });

  it('counts interactions with no entry over the threshold as the threshold', () => {
    expect(interactionToNextPaint([])).toBe(DURATION_THRESHOLD_MS);
  });
});

describe('the interactions', () => {
  it('times exactly the interactions that have budgets', () => {
    expect(Object.keys(INTERACTIONS).sort()).toEqual(Object.keys(INTERACTION_NAMES).sort());
  });
});
