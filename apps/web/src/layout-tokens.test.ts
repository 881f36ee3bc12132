/// <reference types="node" />
import { LAYOUT } from '@staff-admin/shared';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const css = readFileSync(join(import.meta.dirname, 'index.css'), 'utf8');

function token(name: string): number {
  const match = new RegExp(`--${name}:\\s*(\\d+)px;`).exec(css);
  if (!match?.[1]) throw new Error(`index.css has no --${name}`);
  return Number(match[1]);
}

describe('Tailwind theme sizes', () => {
  it('are the layout sizes of @staff-admin/shared', () => {
    expect({
      header: token('spacing-header'),
      pageX: token('spacing-page-x'),
      pageHeader: token('spacing-page-header'),
      signInAside: token('spacing-sign-in-aside'),
      content: token('container-content'),
      loginCard: token('container-login-card'),
    }).toEqual({
      header: LAYOUT.headerHeight,
      pageX: LAYOUT.wrapperPaddingX,
      pageHeader: LAYOUT.pageHeaderMinHeight,
      signInAside: LAYOUT.signInLeftColumnWidth,
      content: LAYOUT.contentMaxWidth,
      loginCard: LAYOUT.loginCardMaxWidth,
    });
  });
});
