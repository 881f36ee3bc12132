// The Node.js lines Staff Admin supports, the one place for them: npm start, the server and the
// CLI refuse any other with one line, before the SQLite driver can abort natively (better-sqlite3
// 13 needs Node 22; docs/decisions.md). `engines` in the root package.json says the same, and a
// unit test keeps the two in step.

/** [major, lowest minor] of each supported line. */
export const SUPPORTED_NODE_LINES = [
  [22, 13],
  [24, 0],
  [26, 0],
];

/** The lines as an npm `engines` range. */
export const SUPPORTED_NODE_RANGE = SUPPORTED_NODE_LINES.map(
  ([major, minor]) => `^${major}.${minor}.0`,
).join(' || ');

/** The line to print when `version` (e.g. "20.20.2") is not supported, else undefined. */
export function unsupportedNodeMessage(version = process.versions.node) {
  const [major, minor] = version.split('.').map(Number);
  const supported = SUPPORTED_NODE_LINES.some(
    ([line, lowest]) => major === line && minor >= lowest,
  );
  if (supported) return undefined;
  const lines = SUPPORTED_NODE_LINES.map(([line, lowest]) =>
    lowest ? `${line}.${lowest}+` : line,
  );
  return `Staff Admin runs on Node.js ${lines.slice(0, -1).join(', ')} or ${lines.at(-1)}; this is Node.js ${version}.`;
}

/** Prints the line and exits 1 on an unsupported Node. */
export function exitUnlessSupportedNode() {
  const message = unsupportedNodeMessage();
  if (!message) return;
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
