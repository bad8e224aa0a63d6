import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    // stdout carries the MCP protocol in stdio mode: nothing in the service prints with console.
    files: ['src/**/*.ts', 'tools/**/*.ts', 'db/**/*.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    // Migrations are frozen against Kysely<any>, never the app's current table types.
    files: ['test/**/*.ts', 'bench/**/*.ts', 'db/migrations/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
