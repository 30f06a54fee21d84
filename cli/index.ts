import { Command } from 'commander';
import { handleError } from './handle-error.ts';
import { registerCards } from './commands/cards.ts';
import { registerDb } from './commands/db.ts';
import { registerImages } from './commands/images.ts';
import { registerRetention } from './commands/retention.ts';
import { registerServe } from './commands/serve.ts';
import { registerSessions } from './commands/sessions.ts';
import { registerStats } from './commands/stats.ts';
import { registerStripe } from './commands/stripe.ts';
import { registerUsers } from './commands/users.ts';

/** The `ratio` command: registers the commands; each lives in cli/commands/. */
const program = new Command('ratio').description('Ratio operations: database, server, users, billing, jobs').version('0.1.0');
registerCards(program);
registerDb(program);
registerImages(program);
registerRetention(program);
registerServe(program);
registerSessions(program);
registerStats(program);
registerStripe(program);
registerUsers(program);
// Anything a command throws outside its own handling (a bad environment, bad options) ends as one line and exit 1.
await program.parseAsync(process.argv).catch(handleError);
