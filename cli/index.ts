import { Command } from 'commander';
import { registerDb } from './commands/db.ts';
import { registerServe } from './commands/serve.ts';
import { registerUsers } from './commands/users.ts';

/** The `ratio` command: registers the commands; each lives in cli/commands/. */
const program = new Command('ratio').description('Ratio operations: database, server, users, jobs').version('0.1.0');
registerDb(program);
registerServe(program);
registerUsers(program);
await program.parseAsync(process.argv);
