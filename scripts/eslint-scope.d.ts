/**
 * eslint-scope ships no types; this is the one function scripts/carried-chunks.ts calls. Its
 * result is eslint's `Scope.ScopeManager` (the same package, through eslint's own types).
 */
declare module 'eslint-scope' {
  export function analyze(
    ast: unknown,
    options: { ecmaVersion: number; sourceType: 'module' | 'script' },
  ): unknown;
}
