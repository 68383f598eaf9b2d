import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../sync-server/src/config.ts';

describe('configuration from the environment', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.HOST).toBe('127.0.0.1');
    expect(c.dataDir.endsWith('/data')).toBe(true);
    expect(c.COUCH_URL).toBeUndefined();
    expect(c.SEED_DEMO).toBe(true);
    expect(c.publicUrl).toBe('http://127.0.0.1:3000');
  });

  it('names every bad variable with a clear message', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'abc', COUCH_URL: 'not a url', ADMIN_EMAIL: 'nobody', JWT_SECRET: 'short', SEED_DEMO: 'maybe' });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    expect(message).toContain('PORT: must be a number');
    expect(message).toContain('COUCH_URL: must be a URL');
    expect(message).toContain('ADMIN_EMAIL: must be an e-mail address');
    expect(message).toContain('JWT_SECRET: must be at least 32 characters');
    expect(message).toContain('SEED_DEMO: must be true or false');
  });

  it('reads IMAGE_HOSTS as a list of host names, none by default, and names a bad one', () => {
    expect(loadConfig({}).IMAGE_HOSTS).toEqual([]);
    expect(loadConfig({ IMAGE_HOSTS: ' Images.Example.com, cdn.example.org ,' }).IMAGE_HOSTS).toEqual(['images.example.com', 'cdn.example.org']);
    expect(() => loadConfig({ IMAGE_HOSTS: 'https://images.example.com/' })).toThrow(/IMAGE_HOSTS.*host names such as images\.example\.com/);
  });

  it('refuses a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT: must be between 0 and 65535/);
  });

  it('needs CouchDB admin credentials with COUCH_URL', () => {
    expect(() => loadConfig({ COUCH_URL: 'http://127.0.0.1:5984' })).toThrow(/COUCH_ADMIN_USER and COUCH_ADMIN_PASSWORD are required/);
    const c = loadConfig({ COUCH_URL: 'http://127.0.0.1:5984', COUCH_ADMIN_USER: 'a', COUCH_ADMIN_PASSWORD: 'b' });
    expect(c.COUCH_URL).toBe('http://127.0.0.1:5984');
  });

  it('needs ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.co' })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD go together/);
  });

  it('treats an empty COUCH_URL as unset', () => {
    expect(loadConfig({ COUCH_URL: '' }).COUCH_URL).toBeUndefined();
  });
});
