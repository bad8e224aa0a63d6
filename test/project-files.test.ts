import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, SETTING_NAMES } from '../src/config.js';

const root = path.resolve(import.meta.dirname, '..');
const example = fs.readFileSync(path.join(root, '.env.example'), 'utf8');
const entries = [...example.matchAll(/^#? ?(GREENROOM_[A-Z0-9_]+)=(.*)$/gm)].map((m) => [m[1] as string, m[2] as string] as const);

describe('.env.example', () => {
  it('lists every setting src/config.ts reads, once, and nothing else', () => {
    const names = entries.map(([name]) => name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual([...SETTING_NAMES].sort());
  });

  it('shows each setting with its default value (or empty where there is none)', () => {
    const shown = Object.fromEntries(entries.filter(([, value]) => value !== ''));
    // Where each value came from differs (given here, defaulted there); the values must not.
    const { sources: _given, ...withShown } = loadConfig(shown);
    const { sources: _none, ...withDefaults } = loadConfig({});
    expect(withShown).toEqual(withDefaults);
  });

  it('is named on the settings page, docs/configuration.md', () => {
    const settings = fs.readFileSync(path.join(root, 'docs/configuration.md'), 'utf8');
    expect(settings).toContain('.env.example');
    const listed = new Set([...settings.matchAll(/^\| (GREENROOM_[A-Z0-9_<>]+)/gm)].map((m) => m[1]));
    expect(listed).toContain('GREENROOM_OWNER_EMAIL');
  });
});

describe('LICENSE', () => {
  it('is the license package.json names', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { license: string };
    const text = fs.readFileSync(path.join(root, 'LICENSE'), 'utf8');
    expect(pkg.license).toBe('MIT');
    expect(text.split('\n')[0]).toBe('MIT License');
    expect(text).toContain('Permission is hereby granted, free of charge');
  });
});
