import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/*
 * The server as a deployment runs it (README, Deployment): a Node process of
 * server/main.ts with tsx as its loader, configured only by its environment. Tests of what
 * only a real process shows — two processes on one database, a stop by signal — start it
 * here. Not through the `tsx` command: that wrapper relays a signal to its child and
 * kills the child outright when the child has not reported the signal within 30 ms, which
 * a busy machine misses, so the graceful stop under test would be cut short.
 */

const root = path.resolve(import.meta.dirname, '../..');

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr), for a failed test's message. */
  output: () => string;
  /** Resolves with the exit code (or the signal that ended it). */
  exited: Promise<number | string>;
  /** Sends a signal; resolves with how it exited. */
  stop: (signal?: NodeJS.Signals) => Promise<number | string>;
};

/** Starts server/main.ts with `env` over a minimal environment; resolves once it listens. */
export function startProcess(env: Record<string, string>, timeoutMs = 110_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start in ${timeoutMs} ms:\n${printed}`));
    }, timeoutMs);
    const onData = () => {
      const url = /Ashray is running at (\S+)/.exec(printed)?.[1];
      if (!url) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      resolve({
        url,
        child,
        output: () => printed,
        exited,
        stop: (signal = 'SIGTERM') => {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          return exited;
        },
      });
    };
    child.stdout.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before it listened:\n${printed}`));
    });
  });
}
