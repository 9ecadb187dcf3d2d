import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      DEMO_DATA: 'on',
      LOG_LEVEL: 'info',
      TRUST_PROXY: false,
    });
  });

  it('reads every variable and treats empty strings as unset', () => {
    expect(
      loadConfig({
        PORT: '8080',
        HOST: '127.0.0.1',
        DATA_DIR: '/srv/resham',
        DATABASE_URL: 'postgres://shop@db/resham',
        DEMO_DATA: 'off',
        LOG_LEVEL: 'warn',
        TRUST_PROXY: '1',
        UNRELATED: 'x',
      }),
    ).toEqual({
      PORT: 8080,
      HOST: '127.0.0.1',
      DATA_DIR: '/srv/resham',
      DATABASE_URL: 'postgres://shop@db/resham',
      DEMO_DATA: 'off',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 1,
    });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1,10.0.0.0/8' }).TRUST_PROXY).toEqual(['10.0.0.1', '10.0.0.0/8']);
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'eighty', DEMO_DATA: 'yes', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems;
    expect(problems.map((p) => p.split(':')[0])).toEqual(['PORT', 'DATABASE_URL', 'DEMO_DATA', 'LOG_LEVEL']);
    expect(problems[2]).toBe('DEMO_DATA: must be on or off (got "yes")');
    expect((caught as Error).message).toMatch(/^Invalid configuration:\n {2}- PORT: /);
  });
});
