import { Command } from 'commander';
import { registerDb } from './commands/db.ts';
import { registerImages } from './commands/images.ts';
import { registerServe } from './commands/serve.ts';
import { registerStripe } from './commands/stripe.ts';
import { registerUsers } from './commands/users.ts';

/** The `ratio` command: registers the commands; each lives in cli/commands/. */
const program = new Command('ratio').description('Ratio operations: database, server, users, billing, jobs').version('0.1.0');
registerDb(program);
registerImages(program);
registerServe(program);
registerStripe(program);
registerUsers(program);
await program.parseAsync(process.argv);
