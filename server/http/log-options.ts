import type { LoggerOptions } from 'pino';
import type { Config } from '../config';

/**
 * The one logger configuration, for the process's own logger (main.ts) and Fastify's (app.ts): JSON lines, one object
 * a line, for log collectors in production and whenever the output is not a terminal (a pipe, a file, a test); lines
 * a person reads (pino-pretty, in a worker thread) when someone watches a terminal outside production.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'nodeEnv'>,
  output: { isTTY?: boolean } = process.stdout,
): LoggerOptions {
  const pretty = output.isTTY === true && config.nodeEnv !== 'production';
  return {
    level: config.logLevel,
    // Tokens and cookies never reach the log, whatever a future serializer decides to include.
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}
