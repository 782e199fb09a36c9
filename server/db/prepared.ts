import { parse, protocol, types, type PGlite } from '@electric-sql/pglite';
import type { Logger, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Sql } from 'postgres';
import type { Db } from './client';
import { selectRows } from './rows';

/*
 * The statements nearly every request runs (the bearer token's user, a page of children)
 * kept prepared by name, so the database plans them once rather than at every request.
 * Drizzle prepares a statement only on postgres.js and only when it is given a name, and
 * on PGlite not at all: there, planning the page of children cost more than running it
 * (0.47 against 0.35 ms) and the token's user 0.27 ms a request, with PGlite's one thread
 * serving every client in turn. A named statement is planned anew only when what it reads
 * changes shape (PostgreSQL's plan cache), so its results are the same as a fresh query's.
 */

/** The database under a Db that openDatabase made: statements go to it by name. */
type Driver = { kind: 'pglite'; client: PGlite; logger?: Logger } | { kind: 'postgres'; client: Sql; logger?: Logger };

/**
 * A database's driver, the text each statement name was given, and (PGlite) the names it holds
 * parsed: a name lives as long as the database is open.
 */
type Kept = { driver: Driver; texts: Map<string, string>; parsed: Set<string> };
const drivers = new WeakMap<Db, Kept>();

/** Called by openDatabase for the Db it returns (a transaction's Db is not one: see preparedRows). */
export function keepPrepared(db: Db, driver: Driver): void {
  drivers.set(db, { driver, texts: new Map(), parsed: new Set() });
}

const dialect = new PgDialect();

/**
 * The rows of `query` as objects by column name, the statement kept prepared under `name`
 * (one name, one statement text: the values go as parameters). Values read as Drizzle's
 * `db.execute` reads them (timestamps and dates as text). Inside a transaction (a Db that
 * openDatabase did not make) it is a plain query of that transaction.
 */
export async function preparedRows<T>(db: Db, name: string, query: SQL): Promise<T[]> {
  const kept = drivers.get(db);
  if (!kept) return selectRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const given = kept.texts.get(name);
  if (given !== undefined && given !== text) throw new Error(`prepared statement ${name} was given another text`);
  kept.texts.set(name, text);
  const { driver } = kept;
  driver.logger?.logQuery(text, params);
  if (driver.kind === 'postgres')
    return (await driver.client.unsafe(text, params as never[], { prepare: true })) as T[];
  return pgliteNamed<T>(driver.client, kept.parsed, name, text, params.map(parameterText));
}

/** A parameter as the text PostgreSQL reads (PGlite's own query does this after asking the types). */
function parameterText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  throw new TypeError('a prepared statement takes text, numbers, booleans and dates as parameters');
}

/**
 * Timestamps, dates and intervals as text, as Drizzle's PGlite driver reads them for
 * `db.execute`: the types and their arrays (1231 numeric[], 1115 timestamp[], 1185
 * timestamptz[], 1187 interval[], 1182 date[], the OIDs Drizzle lists).
 */
const asText = (value: string) => value;
const textParsers = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((t) => [
    t,
    asText,
  ]),
);

/**
 * Runs the named statement in one call into PGlite (its `query` makes six, and parses and
 * plans the text every time): Parse once per name, then Bind, Describe, Execute and Sync.
 * It waits for an open transaction as PGlite's `query` does, so it never runs inside one.
 */
async function pgliteNamed<T>(
  client: PGlite,
  parsed: Set<string>,
  name: string,
  text: string,
  values: (string | null)[],
): Promise<T[]> {
  const { serialize } = protocol;
  await client._checkReady();
  return client._runExclusiveTransaction(() =>
    client.runExclusive(async () => {
      const parts = [
        ...(parsed.has(name) ? [] : [serialize.parse({ name, text, types: [] })]),
        serialize.bind({ statement: name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ];
      try {
        const messages = await client.execProtocolStream(concat(parts), { syncToFs: false });
        parsed.add(name);
        const [result] = parse.parseResults(messages, client.parsers, { parsers: textParsers });
        return (result?.rows ?? []) as T[];
      } catch (error) {
        // Whatever failed, the name is given up: the next call parses the statement again.
        parsed.delete(name);
        await client.execProtocolStream(concat([serialize.close({ type: 'S', name }), serialize.sync()]), {
          syncToFs: false,
          throwOnError: false,
        });
        throw error;
      }
    }),
  );
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
