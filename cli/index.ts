import { Command } from 'commander';
import { handleError } from './handle-error.ts';
import { commandOf, engineFlags, execWithServerMalloc, relaunch } from './relaunch.js';

type TRegister = (program: Command) => void;

/**
 * The commands, each in cli/commands/, loaded on demand: a command loads only its own code (the
 * server's web stack, image codecs, S3, Stripe and Redis clients stay unloaded for `ratio users
 * list`), which halves a command's start-up. Help, or a word that is no command, loads them all.
 */
const COMMANDS: Record<string, () => Promise<TRegister>> = {
  cards: async () => (await import('./commands/cards.ts')).registerCards,
  db: async () => (await import('./commands/db.ts')).registerDb,
  images: async () => (await import('./commands/images.ts')).registerImages,
  prices: async () => (await import('./commands/prices.ts')).registerPrices,
  retention: async () => (await import('./commands/retention.ts')).registerRetention,
  serve: async () => (await import('./commands/serve.ts')).registerServe,
  sessions: async () => (await import('./commands/sessions.ts')).registerSessions,
  stats: async () => (await import('./commands/stats.ts')).registerStats,
  stripe: async () => (await import('./commands/stripe.ts')).registerStripe,
  users: async () => (await import('./commands/users.ts')).registerUsers,
};

// What Ratio writes (the database, the outbox with live reset links, photos, the PID file) is the
// operator's alone: folders 0700, files 0600, whatever the shell's umask (docs/choices.md 43).
process.umask(0o077);

/** The `ratio` command: registers the commands; each lives in cli/commands/. */
const named = commandOf(process.argv);
const flags = engineFlags(named).filter((flag) => !process.execArgv.includes(flag));
if (flags.length) await relaunch(process.execPath, [...flags, ...process.execArgv]);
execWithServerMalloc(named);

const program = new Command('ratio').description('Ratio operations: database, server, users, billing, jobs').version('0.1.0');
const wanted = named !== undefined && Object.hasOwn(COMMANDS, named) ? [named] : Object.keys(COMMANDS);
for (const register of await Promise.all(wanted.map((name) => COMMANDS[name]!()))) register(program);
// Anything a command throws outside its own handling (a bad environment, bad options) ends as one line and exit 1.
await program.parseAsync(process.argv).catch(handleError);
