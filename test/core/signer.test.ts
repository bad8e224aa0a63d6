import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signatureFor, verifySignature } from '../../src/senders/signer.js';

describe('the body signature scheme', () => {
  const secret = 'whsec_test_secret';
  const body = JSON.stringify({ id: 'evt_1', type: 'run.completed' });

  it('is HMAC-SHA256 over "t.body", hex, in t=..,v1=..', () => {
    const expected = createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex');
    expect(signatureFor(secret, body, 1700000000)).toBe(`t=1700000000,v1=${expected}`);
  });

  it('verifies within five minutes and refuses older, altered or malformed', () => {
    const header = signatureFor(secret, body, 1700000000);
    expect(verifySignature(secret, body, header, 1700000000 + 299)).toEqual({ ok: true, t: 1700000000 });
    expect(verifySignature(secret, body, header, 1700000000 + 301)).toMatchObject({ ok: false, reason: expect.stringMatching(/tolerance/) });
    expect(verifySignature(secret, `${body} `, header, 1700000000)).toMatchObject({ ok: false, reason: expect.stringMatching(/match/) });
    expect(verifySignature('other', body, header, 1700000000)).toMatchObject({ ok: false });
    expect(verifySignature(secret, body, 'v1=abc', 1700000000)).toMatchObject({ ok: false, reason: expect.stringMatching(/malformed/) });
    expect(verifySignature(secret, body, undefined, 1700000000)).toMatchObject({ ok: false, reason: expect.stringMatching(/missing/) });
  });
});
