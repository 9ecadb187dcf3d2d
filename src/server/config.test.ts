import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      DEMO_DATA: 'on',
      MEMORY: 'small',
      LOG_LEVEL: 'info',
      TRUST_PROXY: false,
      UPI_VPA: 'resham.demo@upi',
      UPI_PAYEE_NAME: 'Resham Demo Store (TEST)',
      PAYU_URL: 'https://test.payu.in/_payment',
      PAYMENT_GATEWAY: 'payu',
      RAZORPAY_API_URL: 'https://api.razorpay.com',
      REDIS_KEY_PREFIX: 'resham:',
      PAYMENT_WINDOW_MINUTES: 30,
      BACKUP_KEEP: 14,
      MEDIA_STORAGE: 'local',
      SHIPROCKET_API_URL: 'https://apiv2.shiprocket.in',
      WHATSAPP_API_URL: 'https://graph.facebook.com/v21.0',
      MSG91_API_URL: 'https://control.msg91.com',
    });
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
    expect(loadConfig({}).BACKUP_DIR).toBeUndefined();
    expect(loadConfig({}).MAIL_FROM).toBeUndefined();
  });

  it('reads SHIPROCKET_API_URL without its trailing slash, refusing what is not an http(s) URL', () => {
    expect(loadConfig({ SHIPROCKET_API_URL: 'http://127.0.0.1:4010/' }).SHIPROCKET_API_URL).toBe(
      'http://127.0.0.1:4010',
    );
    expect(() => loadConfig({ SHIPROCKET_API_URL: 'apiv2.shiprocket.in' })).toThrow(
      'SHIPROCKET_API_URL: must be an http(s) URL without query or fragment (got "apiv2.shiprocket.in")',
    );
  });

  it('reads REDIS_URL and REDIS_KEY_PREFIX, refusing other schemes and odd prefixes', () => {
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/2', REDIS_KEY_PREFIX: 'silk:' })).toMatchObject({
      REDIS_URL: 'redis://127.0.0.1:6379/2',
      REDIS_KEY_PREFIX: 'silk:',
    });
    expect(loadConfig({ REDIS_URL: 'rediss://:secret@cache.example:6380' }).REDIS_URL).toBe(
      'rediss://:secret@cache.example:6380',
    );
    expect(() => loadConfig({ REDIS_URL: 'http://cache.example' })).toThrow(
      'REDIS_URL: must start with redis:// or rediss:// (got "http://cache.example")',
    );
    expect(() => loadConfig({ REDIS_KEY_PREFIX: 'a b' })).toThrow('REDIS_KEY_PREFIX: must be 1 to 64');
  });

  it('reads the WhatsApp and MSG91 settings; the phone number id and token go together', () => {
    expect(
      loadConfig({
        WHATSAPP_API_URL: 'http://127.0.0.1:4010/v21.0/',
        WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
        WHATSAPP_TOKEN: 'EAAGm0PX4ZCpsBA',
        WHATSAPP_VERIFY_TOKEN: 'verify-4f2a9c',
        WHATSAPP_APP_SECRET: 'a1b2c3d4e5f6',
        MSG91_AUTH_KEY: '412345AbCdEf',
        MSG91_API_URL: 'http://127.0.0.1:4011',
      }),
    ).toMatchObject({
      WHATSAPP_API_URL: 'http://127.0.0.1:4010/v21.0',
      WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
      MSG91_API_URL: 'http://127.0.0.1:4011',
    });
    expect(() => loadConfig({ WHATSAPP_TOKEN: 'EAAGm0PX4ZCpsBA' })).toThrow(
      'WHATSAPP_PHONE_NUMBER_ID: WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_TOKEN must be set together',
    );
    expect(() => loadConfig({ WHATSAPP_PHONE_NUMBER_ID: 'abc' })).toThrow(
      'WHATSAPP_PHONE_NUMBER_ID: must be the phone number ID from Meta (digits)',
    );
    expect(() => loadConfig({ MSG91_AUTH_KEY: 'short' })).toThrow(
      'MSG91_AUTH_KEY: must be the auth key from MSG91 (8 to 512 characters, no spaces)',
    );
  });

  it('reads SMTP_URL and MAIL_FROM', () => {
    expect(
      loadConfig({
        SMTP_URL: 'smtps://shop:secret@mail.example.com:465',
        MAIL_FROM: 'Silk House <orders@silk.example>',
      }),
    ).toMatchObject({
      SMTP_URL: 'smtps://shop:secret@mail.example.com:465',
      MAIL_FROM: 'Silk House <orders@silk.example>',
    });
    expect(loadConfig({ SMTP_URL: 'smtp://localhost:1025' }).SMTP_URL).toBe('smtp://localhost:1025');
    expect(loadConfig({ MAIL_FROM: 'orders@silk.example' }).MAIL_FROM).toBe('orders@silk.example');
    expect(loadConfig({ SMTP_URL: '', MAIL_FROM: '' })).toMatchObject({
      SMTP_URL: undefined,
      MAIL_FROM: undefined,
    });
  });

  it.each([
    ['SMTP_URL', 'http://mail.example.com', 'SMTP_URL: must start with smtp:// or smtps://'],
    ['SMTP_URL', 'mail.example.com:25', 'SMTP_URL: must start with smtp:// or smtps://'],
    ['MAIL_FROM', 'Silk House', 'MAIL_FROM: must be an e-mail address, optionally as Name <address>'],
    [
      'MAIL_FROM',
      'Shop <not an address>',
      'MAIL_FROM: must be an e-mail address, optionally as Name <address>',
    ],
  ])('refuses %s=%s', (name, value, problem) => {
    let caught: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).problems).toEqual([`${problem} (got "${value}")`]);
  });

  it('reads every variable and treats empty strings as unset', () => {
    expect(
      loadConfig({
        PORT: '8080',
        HOST: '127.0.0.1',
        DATA_DIR: '/srv/resham',
        DATABASE_URL: 'postgres://shop@db/resham',
        DEMO_DATA: 'off',
        MEMORY: 'fast',
        LOG_LEVEL: 'warn',
        TRUST_PROXY: '1',
        PAYMENT_WINDOW_MINUTES: '45',
        BACKUP_DIR: '/srv/backups',
        BACKUP_KEEP: '7',
        UNRELATED: 'x',
      }),
    ).toEqual({
      PORT: 8080,
      HOST: '127.0.0.1',
      DATA_DIR: '/srv/resham',
      DATABASE_URL: 'postgres://shop@db/resham',
      DEMO_DATA: 'off',
      MEMORY: 'fast',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 1,
      UPI_VPA: 'resham.demo@upi',
      UPI_PAYEE_NAME: 'Resham Demo Store (TEST)',
      PAYU_URL: 'https://test.payu.in/_payment',
      PAYMENT_GATEWAY: 'payu',
      RAZORPAY_API_URL: 'https://api.razorpay.com',
      REDIS_KEY_PREFIX: 'resham:',
      PAYMENT_WINDOW_MINUTES: 45,
      BACKUP_DIR: '/srv/backups',
      BACKUP_KEEP: 7,
      MEDIA_STORAGE: 'local',
      SHIPROCKET_API_URL: 'https://apiv2.shiprocket.in',
      WHATSAPP_API_URL: 'https://graph.facebook.com/v21.0',
      MSG91_API_URL: 'https://control.msg91.com',
    });
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow('BACKUP_KEEP:');
    expect(() => loadConfig({ BACKUP_KEEP: '2.5' })).toThrow(
      'BACKUP_KEEP: must be a whole number of backups',
    );
    expect(() => loadConfig({ PAYMENT_WINDOW_MINUTES: '0' })).toThrow('PAYMENT_WINDOW_MINUTES:');
    expect(() => loadConfig({ PAYMENT_WINDOW_MINUTES: '2.5' })).toThrow(
      'PAYMENT_WINDOW_MINUTES: must be a whole number of minutes',
    );
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1,10.0.0.0/8' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
    ]);
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).DATABASE_URL).toBeUndefined();
  });

  it('reads the payment variables (docs/payments.md)', () => {
    expect(
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://silk.example/',
        UPI_VPA: 'silkhouse@okaxis',
        UPI_PAYEE_NAME: '  Silk House  ',
        UPI_WEBHOOK_SECRET: 'whsec-0123456789abcdef',
        PAYU_KEY: 'AbC123',
        PAYU_SALT: 'S4ltS4lt',
        PAYU_URL: 'https://secure.payu.in/_payment',
        PAYMENTS_SANDBOX: 'off',
      }),
    ).toMatchObject({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://silk.example',
      UPI_VPA: 'silkhouse@okaxis',
      UPI_PAYEE_NAME: 'Silk House',
      UPI_WEBHOOK_SECRET: 'whsec-0123456789abcdef',
      PAYU_KEY: 'AbC123',
      PAYU_SALT: 'S4ltS4lt',
      PAYU_URL: 'https://secure.payu.in/_payment',
      PAYMENTS_SANDBOX: 'off',
    });
    const defaults = loadConfig({});
    expect([
      defaults.PUBLIC_URL,
      defaults.PAYU_KEY,
      defaults.PAYMENTS_SANDBOX,
      defaults.UPI_WEBHOOK_SECRET,
    ]).toEqual([undefined, undefined, undefined, undefined]);
  });

  it.each([
    ['PUBLIC_URL', 'shop.example.com', 'PUBLIC_URL: must be an http(s) URL without query or fragment'],
    [
      'PUBLIC_URL',
      'https://shop.example.com/?a=1',
      'PUBLIC_URL: must be an http(s) URL without query or fragment',
    ],
    ['UPI_VPA', 'not a vpa', 'UPI_VPA: must be a UPI ID such as shop@okaxis'],
    [
      'UPI_PAYEE_NAME',
      'Silk\nHouse',
      'UPI_PAYEE_NAME: must be 1 to 99 characters without control characters',
    ],
    ['UPI_WEBHOOK_SECRET', 'short', 'UPI_WEBHOOK_SECRET: must be at least 16 characters'],
    [
      'PAYU_URL',
      'http://secure.payu.in/_payment',
      'PAYU_URL: must be an https URL such as https://secure.payu.in/_payment',
    ],
    ['PAYMENTS_SANDBOX', 'yes', 'PAYMENTS_SANDBOX: must be on or off'],
  ])('refuses %s=%s', (name, value, problem) => {
    let caught: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).problems).toEqual([`${problem} (got "${value}")`]);
  });

  it('reads the shared media settings and refuses an incomplete S3 configuration', () => {
    const s3 = {
      MEDIA_STORAGE: 's3',
      S3_ENDPOINT: 'https://abc123.r2.cloudflarestorage.com/',
      S3_BUCKET: 'resham-media',
      S3_REGION: 'auto',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret/KEY+1',
      MEDIA_PUBLIC_URL: 'https://media.example.com/',
    };
    expect(loadConfig(s3)).toMatchObject({
      ...s3,
      S3_ENDPOINT: 'https://abc123.r2.cloudflarestorage.com',
      MEDIA_PUBLIC_URL: 'https://media.example.com',
    });
    // AWS S3 needs no endpoint; MEDIA_PUBLIC_URL is optional.
    expect(loadConfig({ ...s3, S3_ENDPOINT: '', MEDIA_PUBLIC_URL: '' }).S3_ENDPOINT).toBeUndefined();
    expect(() => loadConfig({ ...s3, S3_BUCKET: undefined })).toThrow(
      'Invalid configuration:\n  - S3_BUCKET: must be set when MEDIA_STORAGE is s3 (unset)',
    );
    let caught: unknown;
    try {
      loadConfig({ MEDIA_STORAGE: 's3', S3_BUCKET: 'resham-media' });
    } catch (error) {
      caught = error;
    }
    expect((caught as ConfigError).problems).toEqual([
      'S3_REGION: must be set when MEDIA_STORAGE is s3 (unset)',
      'S3_ACCESS_KEY_ID: must be set when MEDIA_STORAGE is s3 (unset)',
      'S3_SECRET_ACCESS_KEY: must be set when MEDIA_STORAGE is s3 (unset)',
    ]);
    expect(() => loadConfig({ MEDIA_STORAGE: 'bucket' })).toThrow(
      'MEDIA_STORAGE: must be local or s3 (got "bucket")',
    );
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'r2.example.com' })).toThrow(
      'S3_ENDPOINT: must be an http(s) address without a path, such as https://s3.example.com (got "r2.example.com")',
    );
    expect(() => loadConfig({ ...s3, S3_BUCKET: 'Resham_Media' })).toThrow(
      'S3_BUCKET: must be a bucket name: 3 to 63 lower-case letters, digits, . or - (got "Resham_Media")',
    );
    expect(() => loadConfig({ ...s3, MEDIA_PUBLIC_URL: 'media.example.com' })).toThrow(
      'MEDIA_PUBLIC_URL: must be an http(s) URL without query or fragment (got "media.example.com")',
    );
    // The folder is served by the store itself: a public address for it is a mistake, said at start.
    expect(() => loadConfig({ MEDIA_PUBLIC_URL: 'https://media.example.com' })).toThrow(
      'MEDIA_PUBLIC_URL: is used only with MEDIA_STORAGE=s3 (local images are served by the store itself) (got "https://media.example.com")',
    );
  });

  it('needs PAYU_KEY and PAYU_SALT together', () => {
    expect(() => loadConfig({ PAYU_KEY: 'AbC123' })).toThrow(
      'PAYU_SALT: PAYU_KEY and PAYU_SALT must be set together (unset)',
    );
    expect(() => loadConfig({ PAYU_SALT: 'S4lt' })).toThrow(
      'PAYU_KEY: PAYU_KEY and PAYU_SALT must be set together (unset)',
    );
  });

  it('reads MEMORY: small or fast, nothing else', () => {
    expect(loadConfig({ MEMORY: 'fast' }).MEMORY).toBe('fast');
    expect(loadConfig({ MEMORY: 'small' }).MEMORY).toBe('small');
    expect(() => loadConfig({ MEMORY: 'tiny' })).toThrow('MEMORY: must be small or fast (got "tiny")');
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
