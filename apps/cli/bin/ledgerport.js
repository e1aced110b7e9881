#!/usr/bin/env node
// The `ledgerport` command. Runs the TypeScript sources through tsx, so no build step is needed.
// `admin` and `demo` act on an instance's database (grant or revoke its administrator, remove the demo
// users and accounts), so they are the server's own code: this entry hands them to the server's
// command-line entry (@ledgerport/server/cli); every other command is the CLI's, which imports only
// core (decision 0057).
import { register } from 'tsx/esm/api';

register();
const argv = process.argv.slice(2);
const { isInstanceCommand } = await import('../src/instance-commands.ts');
if (isInstanceCommand(argv[0])) {
  const { runInstanceCommand } = await import('@ledgerport/server/cli');
  process.exitCode = await runInstanceCommand(argv);
} else {
  const { main } = await import('../src/main.ts');
  process.exitCode = await main(argv);
}
