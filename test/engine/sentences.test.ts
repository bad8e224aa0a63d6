import { describe, expect, it } from 'vitest';
import { sanitize } from '../../src/engine/offline/guard.js';
import { sentenceAround, sentences } from '../../src/engine/offline/text.js';

describe('sentences keep names with dots whole', () => {
  it('does not end a sentence at .NET, Node.js, Inc., St., e.g. or an initial', () => {
    const text =
      'We build observability for .NET and JavaScript apps. It runs on Node.js too. Acme Inc. is small, e.g. ten people. J. R. Smith lives in St. Louis. Done!';
    expect(sentences(text)).toEqual([
      'We build observability for .NET and JavaScript apps.',
      'It runs on Node.js too.',
      'Acme Inc. is small, e.g. ten people.',
      'J. R. Smith lives in St. Louis.',
      'Done!',
    ]);
  });

  it('quotes the whole sentence around a word after ".NET"', () => {
    const bio = 'He has extensive experience working with .NET and Azure. He also bakes.';
    expect(sentenceAround(bio, bio.indexOf('Azure'))).toBe('He has extensive experience working with .NET and Azure.');
  });

  it('still ends a sentence before a capital after an ordinary word', () => {
    expect(sentences('I work on Rust. Also Go.')).toEqual(['I work on Rust.', 'Also Go.']);
  });
});

describe('cleaning keeps the space before .NET', () => {
  it('leaves "for .NET" alone and still pulls a stray mark in', () => {
    expect(sanitize('observability for .NET and JavaScript apps .')).toBe('observability for .NET and JavaScript apps.');
  });
});
