/**
 * What an operator sees from `ratio` as a process, on PGlite (a data folder) and PostgreSQL: a
 * wrong DATABASE_URL in one line (commands and the server), legacy accounts found as
 * `users grandfather` made them, stats that count trials and legacy accounts in the open, a plain
 * aligned users table, export links on the running server's address, and one crontab line.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { accountState } from '../../core/account.ts';
import { RETENTION_CRON } from '../../cli/commands/retention.ts';
import { CardSlot } from '../../db/models/CardSlot.ts';
import { User } from '../../db/models/User.ts';
import { createCliDb, runRatio, type TCliDb } from '../helpers/cli.ts';
import { postgresAdminUrl, testDbKind } from '../helpers/db.ts';
import { createAccount } from '../helpers/factories.ts';

let cli: TCliDb;
beforeAll(async () => {
  cli = await createCliDb(testDbKind());
});
afterAll(async () => {
  await cli?.drop();
});

const ratio = (...args: string[]) => runRatio(args, cli.env);
const withDb = <T>(fn: (db: Knex) => Promise<T>): Promise<T> => cli.use(fn);
const oneLine = (res: { code: number; stdout: string; stderr: string }) => {
  expect(res.code).toBe(1);
  expect(res.stderr.trim().split('\n')).toHaveLength(1);
  return res.stderr.trim();
};

describe('ratio for an operator', () => {
  it('a wrong DATABASE_URL fails in one line saying what to check, for commands and the server', { timeout: 120_000 }, async () => {
    const refused = { ...cli.env, DATABASE_URL: 'postgres://ratio:secret-pw@127.0.0.1:1/ratio' };
    for (const args of [['users', 'list'], ['stats'], ['serve', '--port', '0']]) {
      const line = oneLine(await runRatio(args, refused));
      expect(line).toBe('ratio: nothing answers at 127.0.0.1:1 (DATABASE_URL): is PostgreSQL running, and are the host and port in DATABASE_URL right?');
    }
    const unknownHost = oneLine(await runRatio(['stats'], { ...cli.env, DATABASE_URL: 'postgres://ratio@no-such-host.invalid/ratio' }));
    expect(unknownHost).toMatch(/the host "no-such-host.invalid" in DATABASE_URL is not known/);
    if (cli.kind === 'postgres') {
      // A server that answers, but no such database: the createdb command that makes it.
      const admin = new URL(postgresAdminUrl());
      const missing = new URL(admin);
      missing.pathname = '/ratio_no_such_db';
      for (const args of [
        ['users', 'show', 'a@b.example'],
        ['serve', '--port', '0'],
      ]) {
        const line = oneLine(await runRatio(args, { ...cli.env, DATABASE_URL: missing.toString() }));
        expect(line).toContain(`the database "ratio_no_such_db" does not exist on the PostgreSQL server at ${admin.hostname}:${admin.port || '5432'}`);
        expect(line).toContain(
          `\`createdb -h ${admin.hostname} -p ${admin.port || '5432'} -U ${decodeURIComponent(admin.username) || process.env.USER || 'postgres'} ratio_no_such_db\``,
        );
      }
      const wrongUser = new URL(admin);
      wrongUser.username = 'ratio_no_such_role';
      wrongUser.password = 'secret-pw';
      const line = oneLine(await runRatio(['stats'], { ...cli.env, DATABASE_URL: wrongUser.toString() }));
      expect(line).toMatch(/refused user "ratio_no_such_role".*check the user name and password in DATABASE_URL/);
      expect(line).not.toContain('secret-pw');
    }
  });

  it('users grandfather on a trial account says what shows first, and list --tier grandfathered finds it', { timeout: 120_000 }, async () => {
    const email = await withDb(async (db) => (await createAccount(db, 'trial')).email);
    const res = await ratio('users', 'grandfather', email);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(
      /now a legacy \(grandfathered\) account: 10 slots with every PRO feature once its PRO trial, which runs until \d{4}-\d\d-\d\d, is over; until then its status is trial/,
    );
    const legacy = JSON.parse((await ratio('users', 'list', '--tier', 'grandfathered', '--json')).stdout) as Array<{
      email: string;
      status: string;
      legacy: boolean;
    }>;
    expect(legacy.find((r) => r.email === email)).toMatchObject({ status: 'trial', legacy: true });
    await ratio('users', 'grandfather', email, '--undo');
    const after = JSON.parse((await ratio('users', 'list', '--tier', 'grandfathered', '--json')).stdout) as Array<{ email: string }>;
    expect(after.map((r) => r.email)).not.toContain(email);
  });

  it('stats says how many accounts pay, try and are legacy, beside the PRO adoption they make up', { timeout: 120_000 }, async () => {
    await withDb(async (db) => {
      for (const preset of ['pro', 'trial', 'trial', 'grandfathered', 'free'] as const) await createAccount(db, preset);
    });
    const json = JSON.parse((await ratio('stats', '--json')).stdout) as {
      totalUsers: number;
      proUsers: number;
      trialUsers: number;
      figures: { proTierAdoption: number };
    };
    const kinds = await withDb(async (db) => (await User.query(db)).map((u) => accountState(u, new Date()).kind));
    const count = (kind: string) => kinds.filter((k) => k === kind).length;
    expect(json).toMatchObject({ totalUsers: kinds.length, proUsers: count('pro'), trialUsers: count('trial') });
    const text = (await ratio('stats')).stdout;
    const withPro = count('pro') + count('trial') + count('grandfathered');
    expect(text).toContain(
      `Total Users          ${kinds.length} (${count('pro')} pro, paying; ${kinds.length - count('pro')} free, of whom ${count('trial')} on a trial and ${count('grandfathered')} legacy)`,
    );
    expect(text).toMatch(
      new RegExp(
        `Pro tier adoption +[\\d.]+% \\(${withPro} with PRO features: ${count('pro')} pro \\+ ${count('trial')} on a trial \\+ ${count('grandfathered')} legacy\\)`,
      ),
    );
  });

  it('users list prints an aligned table without quotes or an index column', { timeout: 120_000 }, async () => {
    const email = await withDb(async (db) => (await createAccount(db, 'free')).email);
    const lines = (await ratio('users', 'list')).stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^\s*id  email\s+name\s+status\s+subscription\s+admin\s+legacy\s+joined$/);
    expect(lines[1]).toMatch(/^[- ]+$/);
    const row = lines.find((l) => l.includes(email))!;
    expect(row).toMatch(new RegExp(`^\\s*\\d+  ${email.replace(/[.+]/g, '\\$&')}\\s+\\S.*\\s+free\\s+free\\s+no\\s+no\\s+\\d{4}-\\d\\d-\\d\\d$`));
    expect(lines.join('\n')).not.toMatch(/'|\(index\)|│/);
    // Every column starts at the same place on every line.
    const at = lines[0]!.indexOf('status');
    for (const l of [lines[1]!, row]) expect(l.slice(at - 2, at)).toBe('  ');
  });

  it("cards export links photos on PUBLIC_URL, else on the running server's address, else localhost:PORT", { timeout: 120_000 }, async () => {
    const email = await withDb(async (db) => {
      const user = await createAccount(db, 'pro');
      await db('card_images').insert({ id: 'img-operator-test', user_id: user.id, mime: 'image/jpeg', width: 10, height: 10, bytes: 100 });
      await CardSlot.query(db).insert({
        userId: user.id,
        slotNumber: 1,
        title: 'A photo card',
        description: '',
        value: '$5',
        valueCents: 500,
        imageId: 'img-operator-test',
      });
      return user.email;
    });
    const links = (csv: string) => [...csv.matchAll(/https?:\/\/[^/,]+\//g)].map((m) => m[0]);
    const file = path.join(cli.dataDir, 'server.json');
    // A server on this DATA_DIR (this test process stands in for it) answering on port 4567.
    await fs.writeFile(file, JSON.stringify({ pid: process.pid, url: 'http://localhost:4567' }));
    try {
      const running = await ratio('cards', 'export', email);
      expect(running.code).toBe(0);
      expect(links(running.stdout)).not.toHaveLength(0);
      expect(new Set(links(running.stdout))).toEqual(new Set(['http://localhost:4567/']));
      const pub = await runRatio(['cards', 'export', email], { ...cli.env, PUBLIC_URL: 'https://cards.example' });
      expect(new Set(links(pub.stdout))).toEqual(new Set(['https://cards.example/']));
      // The server has stopped (its process is gone): PORT, as the server would take it.
      await fs.writeFile(file, JSON.stringify({ pid: 2 ** 22 + 12345, url: 'http://localhost:4567' }));
      const stopped = await runRatio(['cards', 'export', email], { ...cli.env, PORT: '3999' });
      expect(new Set(links(stopped.stdout))).toEqual(new Set(['http://localhost:3999/']));
    } finally {
      await fs.rm(file, { force: true });
    }
  });

  it('retention run --help and the README give the same single crontab line', async () => {
    const help = (await ratio('retention', 'run', '--help')).stdout;
    expect(help).toContain(RETENTION_CRON);
    const readme = await fs.readFile(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');
    const cronLines = readme.split('\n').filter((l) => /retention run --apply/.test(l) && /^\s*[\d*]/.test(l));
    expect(cronLines.map((l) => l.trim())).toEqual([RETENTION_CRON]);
  });
});
