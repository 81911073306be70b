import { describe, expect, it } from 'vitest';
import { browserOrigins, publicUrlHint } from './public-address';

describe('browser origins of the portal', () => {
  it('accepts the loopback aliases of a loopback PUBLIC_URL, with its scheme and port', () => {
    expect(browserOrigins('http://localhost:3000')).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']);
    expect(browserOrigins('http://127.0.0.1:8080/')).toEqual(['http://127.0.0.1:8080', 'http://localhost:8080', 'http://[::1]:8080']);
  });

  it('accepts only PUBLIC_URL itself when it is a real address', () => {
    expect(browserOrigins('https://water.example.org')).toEqual(['https://water.example.org']);
  });

  it('tells at start-up that PUBLIC_URL must be set when the portal listens on every interface', () => {
    expect(publicUrlHint('http://localhost:3000', '0.0.0.0')).toContain('set PUBLIC_URL');
    expect(publicUrlHint('http://localhost:3000', '127.0.0.1')).toBeUndefined();
    expect(publicUrlHint('https://water.example.org', '0.0.0.0')).toBeUndefined();
  });
});
