import { exitUnlessSupportedNode } from '../supported-node.mjs';
import { runCli } from './cli/run-cli.js';

exitUnlessSupportedNode();
process.setSourceMapsEnabled(true);
process.exitCode = await runCli(process.argv.slice(2));
