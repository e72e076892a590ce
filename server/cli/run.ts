/**
 * What every staff command shares: `.env` is read, the first argument picks the
 * command, and a mistake in the command line prints the usage and exits 2 (a bad
 * setting or any other failure prints its message and exits 1).
 */
import { existsSync } from 'node:fs';
import { ConfigError } from '../config';

/** A mistake in how the command was typed: the usage is printed after it. */
export class UsageError extends Error {}

export function runCli(commands: Record<string, (args: string[]) => Promise<void>>, usage: string): void {
  const main = async ([command, ...rest]: string[]) => {
    if (existsSync('.env')) process.loadEnvFile('.env');
    const run = command === undefined ? undefined : commands[command];
    if (!run) throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.');
    await run(rest);
  };
  main(process.argv.slice(2)).catch((error: unknown) => {
    if (error instanceof UsageError) console.error(`${error.message}\n\n${usage}`);
    else if (error instanceof ConfigError) console.error(error.message);
    else console.error(error instanceof Error ? error.message : error);
    process.exit(error instanceof UsageError ? 2 : 1);
  });
}
