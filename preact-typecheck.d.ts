/**
 * Only for the second type-check, against Preact's own types (tsconfig.preact.json; decision
 * 0031). Preact's types spell the attribute `spellcheck` and type it boolean, but Preact drops an
 * attribute set to false (decision 0027): the pages write `spellCheck="false"`, which Preact sets
 * as the attribute and lint requires. React's types accept it; this says the same to Preact's.
 */
import 'preact';

declare module 'preact' {
  interface HTMLAttributes {
    spellCheck?: 'true' | 'false';
  }
}
