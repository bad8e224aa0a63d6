import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seal, unseal } from '../../src/core/sealed.js';

describe('secrets sealed with the instance key', () => {
  const key = randomBytes(32);

  it('opens what it sealed, and never stores the plain text', () => {
    const sealed = seal(key, 'webhook', 'whsec_abc123');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(sealed).not.toContain('whsec_abc123');
    expect(unseal(key, 'webhook', sealed)).toBe('whsec_abc123');
    expect(seal(key, 'webhook', 'whsec_abc123')).not.toBe(sealed);
  });

  it('refuses another key, another purpose, or an altered value', () => {
    const sealed = seal(key, 'sending-connection', 'k-1');
    expect(() => unseal(randomBytes(32), 'sending-connection', sealed)).toThrow();
    expect(() => unseal(key, 'webhook', sealed)).toThrow();
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => unseal(key, 'sending-connection', tampered)).toThrow();
    expect(() => unseal(key, 'sending-connection', 'v2.xyz')).toThrow(/format/);
  });
});
