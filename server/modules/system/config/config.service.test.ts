import { describe, expect, it } from 'vitest';
import { ipMatches } from './config.service';

describe('ipMatches (sys.login.blackIPList rules)', () => {
  it('matches exact, wildcard and CIDR rules', () => {
    expect(ipMatches('10.0.0.1', '10.0.0.1')).toBe(true);
    expect(ipMatches('10.0.0.1', '10.0.0.12')).toBe(false);
    expect(ipMatches('192.168.*', '192.168.3.4')).toBe(true);
    expect(ipMatches('192.168.*', '192.169.3.4')).toBe(false);
    expect(ipMatches('172.16.0.0/12', '172.31.255.1')).toBe(true);
    expect(ipMatches('172.16.0.0/12', '172.32.0.1')).toBe(false);
    expect(ipMatches('127.0.0.1', '::ffff:127.0.0.1')).toBe(true);
    expect(ipMatches('bad/99', '1.2.3.4')).toBe(false);
  });
});
