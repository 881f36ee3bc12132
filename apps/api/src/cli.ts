import { runCli } from './cli/run-cli.js';

process.setSourceMapsEnabled(true);
process.exitCode = await runCli(process.argv.slice(2));
