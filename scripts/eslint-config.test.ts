/**
 * The lint rules that stand in for Preact's missing React 19 features (eslint.config.js;
 * decisions 0027 and 0031): code that type-checks against React's types but would fail, silently,
 * only in the browser. Each case lints a fixture as a file of the pages, with the project's own
 * configuration (its type-aware rules off: they need files on disk, and these rules are syntax).
 */
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, expect, test } from 'vitest';

const eslint = new ESLint({
  cwd: new URL('..', import.meta.url).pathname,
  overrideConfig: [tseslint.configs.disableTypeChecked],
});

/** The messages of the rules under test for `code` linted as `src/features/fixture/view.tsx`. */
async function refusals(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: 'src/features/fixture/view.tsx' });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-syntax' || m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

// Loading the configuration (typescript-eslint, the hooks plugin) takes seconds on a busy machine.
beforeAll(async () => {
  await refusals('');
}, 60_000);

const noFormActions = /Preact has no form actions/;

test('a function as a form action is refused: Preact would write its source into the attribute', async () => {
  const code = `export function View({ save }: { save: (data: FormData) => void }) {
  return <form action={save}><button>Save</button></form>;
}
`;
  expect(await refusals(code)).toEqual([expect.stringMatching(noFormActions)]);
});

test('formAction on a button or an input is refused too, whatever the expression', async () => {
  const code = `export function View({ save }: { save: () => void }) {
  return (
    <form>
      <button formAction={save}>Save</button>
      <input type="submit" formAction={() => save()} />
      <form action={\`/pay/\${String(save)}\`} />
    </form>
  );
}
`;
  const found = await refusals(code);
  expect(found).toHaveLength(3);
  for (const message of found) expect(message).toMatch(noFormActions);
});

test('a string address is allowed, and so is a component of ours taking an action prop', async () => {
  const code = `function ActionForm(props: { action: () => void }) {
  return <form onSubmit={props.action} />;
}
export function View({ save }: { save: () => void }) {
  return (
    <>
      <form action="/search" />
      <form action={'/search'} />
      <ActionForm action={save} />
    </>
  );
}
`;
  expect(await refusals(code)).toEqual([]);
});

test('useActionState, useFormStatus and StrictMode are refused on the pages', async () => {
  const code = `import { StrictMode, useActionState } from 'react';
import { useFormStatus } from 'react-dom';
export const used = [StrictMode, useActionState, useFormStatus];
`;
  const found = await refusals(code);
  expect(found).toHaveLength(3);
  expect(found).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/'useActionState'.*decision 0027/),
      expect.stringMatching(/'StrictMode'.*fragment/),
      expect.stringMatching(/'useFormStatus'.*decision 0027/),
    ]),
  );
});
