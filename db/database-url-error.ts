// What a failed first connection to DATABASE_URL means, in one line (server and every command).
// Its own light file: the CLI's error handler loads it without loading the database drivers.

/** DATABASE_URL names a database that cannot be used; the message is one line saying what to check. */
export class DatabaseUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseUrlError';
  }
}

/**
 * One line for a failed first connection to `databaseUrl`: what went wrong and what to check,
 * never the password. A database that does not exist gets the `createdb` command that makes it.
 */
export function databaseProblem(err: unknown, databaseUrl: string): string {
  const e = err as { code?: string; message?: string };
  let url: URL | null = null;
  try {
    url = new URL(databaseUrl);
  } catch {
    /* env.ts checked the scheme; a URL that does not parse is named as a whole below */
  }
  const host = url?.hostname || 'localhost';
  const port = url?.port || '5432';
  const user = decodeURIComponent(url?.username ?? '') || process.env.USER || 'postgres';
  const name = decodeURIComponent(url?.pathname.replace(/^\//, '') ?? '') || user;
  const at = `${host}:${port}`;
  switch (e.code) {
    case '3D000':
      return `the database "${name}" does not exist on the PostgreSQL server at ${at}: create it with \`createdb -h ${host} -p ${port} -U ${user} ${name}\`, or correct the database name in DATABASE_URL`;
    case '28P01':
    case '28000':
      return `PostgreSQL at ${at} refused user "${user}" (${e.message}): check the user name and password in DATABASE_URL`;
    case 'ECONNREFUSED':
      return `nothing answers at ${at} (DATABASE_URL): is PostgreSQL running, and are the host and port in DATABASE_URL right?`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `the host "${host}" in DATABASE_URL is not known: check its spelling`;
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `no answer from ${at} (DATABASE_URL): check the host and port, and that a firewall lets this machine in`;
    default:
      return `cannot use the database in DATABASE_URL (${at}/${name}): ${e.message ?? String(err)}; check DATABASE_URL`;
  }
}
