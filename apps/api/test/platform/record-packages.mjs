// Preloaded into a server process by loaded-at-start.test.ts: appends the name of every package
// the process resolves, once, to the file named by RECORD_PACKAGES_TO.
import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const file = process.env.RECORD_PACKAGES_TO;
const seen = new Set();
registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    const name = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(resolved.url)?.[1];
    if (file && name && !seen.has(name)) {
      seen.add(name);
      appendFileSync(file, `${name}\n`);
    }
    return resolved;
  },
});
