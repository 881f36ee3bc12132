import { describe, expect, it } from 'vitest';
import { PASSWORD_RULES } from './password.js';
import { areasFor, canReachArea, POSITION_LABELS, POSITIONS, STATUS_LABELS } from './roles.js';

describe('roles', () => {
  it('labels every position as SPEC §6 does', () => {
    expect(POSITIONS.map((p) => POSITION_LABELS[p])).toEqual([
      'Admin',
      'Project owner',
      'Project manager',
      'Contractor',
      'Finance',
    ]);
    expect(STATUS_LABELS).toEqual({ pending: 'Pending', active: 'Active', inactive: 'Inactive' });
  });

  it('gives admins all three areas in header order', () => {
    expect(areasFor('admin').map((a) => a.label)).toEqual([
      'User management',
      'Budgeting & Cost tracking',
      'Monitoring & Error management',
    ]);
  });

  it('gives finance only budgeting and the other roles nothing', () => {
    expect(areasFor('finance').map((a) => a.path)).toEqual(['/financial/projects']);
    for (const position of ['project_owner', 'project_manager', 'contractor'] as const) {
      expect(areasFor(position)).toEqual([]);
    }
  });

  it('answers area checks', () => {
    expect(canReachArea('finance', 'financial')).toBe(true);
    expect(canReachArea('finance', 'monitoring')).toBe(false);
    expect(canReachArea('admin', 'users')).toBe(true);
    expect(canReachArea('contractor', 'users')).toBe(false);
  });
});

describe('PASSWORD_RULES', () => {
  it('marks each rule independently', () => {
    const met = (value: string) => PASSWORD_RULES.filter((r) => r.test(value)).map((r) => r.id);
    expect(met('')).toEqual([]);
    expect(met('abc')).toEqual(['lowercase']);
    expect(met('ABCdefgh1!')).toEqual(['length', 'uppercase', 'lowercase', 'number', 'special']);
  });
});
