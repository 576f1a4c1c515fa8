import { describe, expect, it } from 'vitest';
import { loggerOptions } from '@server/http/log-options';

const terminal = { isTTY: true };
const pipe = { isTTY: false };

describe('loggerOptions', () => {
  it('prints readable lines (pino-pretty) on a terminal outside production', () => {
    for (const nodeEnv of ['development', 'test'] as const) {
      expect(loggerOptions({ logLevel: 'info', nodeEnv }, terminal).transport).toMatchObject({ target: 'pino-pretty' });
    }
  });

  it('writes JSON lines in production, even on a terminal', () => {
    expect(loggerOptions({ logLevel: 'info', nodeEnv: 'production' }, terminal).transport).toBeUndefined();
  });

  it('writes JSON lines to a pipe or a file, whatever the environment', () => {
    expect(loggerOptions({ logLevel: 'info', nodeEnv: 'development' }, pipe).transport).toBeUndefined();
    expect(loggerOptions({ logLevel: 'info', nodeEnv: 'development' }, {}).transport).toBeUndefined();
  });

  it('keeps the level and the redaction of tokens and cookies either way', () => {
    for (const output of [terminal, pipe]) {
      const options = loggerOptions({ logLevel: 'debug', nodeEnv: 'development' }, output);
      expect(options.level).toBe('debug');
      expect(options.redact).toContain('req.headers.authorization');
    }
  });
});
