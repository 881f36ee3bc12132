import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_NODE_RANGE, unsupportedNodeMessage } from '../../supported-node.mjs';

const rootPackage = JSON.parse(
  readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8'),
) as { engines: { node: string } };

describe('supported Node.js lines', () => {
  it('are the ones package.json promises in engines', () => {
    expect(rootPackage.engines.node).toBe(SUPPORTED_NODE_RANGE);
    expect(SUPPORTED_NODE_RANGE).toBe('^22.13.0 || ^24.0.0 || ^26.0.0');
  });

  it('accept 22.13 and later 22, any 24 and any 26', () => {
    for (const version of ['22.13.0', '22.23.3', '24.0.0', '24.21.0', '26.0.0', '26.12.1']) {
      expect(unsupportedNodeMessage(version), version).toBeUndefined();
    }
  });

  it('refuse every other version with one line naming the supported lines', () => {
    for (const version of ['18.20.8', '20.20.2', '22.12.0', '23.11.1', '25.9.0', '27.0.0']) {
      expect(unsupportedNodeMessage(version)).toBe(
        `Staff Admin runs on Node.js 22.13+, 24 or 26; this is Node.js ${version}.`,
      );
    }
  });

  it('checks the running Node by default', () => {
    expect(unsupportedNodeMessage()).toBeUndefined();
  });
});
