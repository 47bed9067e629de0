/**
 * Finding an element the way a customer names it (its role and its accessible name), inside the
 * page, in any engine: the Gecko and WebKit journeys have no Playwright `getByRole`.
 *
 * The finder is JavaScript source, not a TypeScript function: it is sent to the browser as text
 * (WebDriver BiDi `script.evaluate` through puppeteer-core, WebDriver `execute/sync` through
 * selenium-webdriver), and a compiled function's text could carry the compiler's helpers, which
 * the page does not have.
 */

/** The roles the journeys use, each with the elements that carry it on our pages. */
export type QueryRole = 'heading' | 'button' | 'option' | 'combobox' | 'textbox' | 'checkbox';

/**
 * A visible element with `role` whose accessible name equals `name` (white space collapsed), or
 * matches `pattern` (a RegExp source). `heading` means an `<h1>`: each view has exactly one.
 */
export type ElementQuery = { role: QueryRole; name: string } | { role: QueryRole; pattern: string };

/** How a query reads in a failure message: `button "Continue"`, `checkbox /I authorize/`. */
export function describeQuery(query: ElementQuery): string {
  return 'name' in query ? `${query.role} "${query.name}"` : `${query.role} /${query.pattern}/`;
}

/**
 * `(query) => Element | null`: the first visible element matching an {@link ElementQuery}. The
 * accessible name is approximated the way our markup gives it: `aria-label`, then
 * `aria-labelledby`, then the `<label>`s of a form control, then the text content.
 */
export const findElementSource = `(query) => {
  const selectors = {
    heading: 'h1',
    button: 'button, [role="button"]',
    option: '[role="option"]',
    combobox: '[role="combobox"]',
    textbox: 'input:not([type]):not([role]), input[type="text"]:not([role]), input[type="tel"], input[type="email"], textarea',
    checkbox: 'input[type="checkbox"]',
  };
  const squash = (text) => (text || '').replace(/\\s+/g, ' ').trim();
  const nameOf = (element) => {
    const label = element.getAttribute('aria-label');
    if (label) return squash(label);
    const ids = element.getAttribute('aria-labelledby');
    if (ids) {
      return squash(ids.split(/\\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' '));
    }
    if (element.labels && element.labels.length > 0) {
      return squash(Array.from(element.labels, (l) => l.textContent).join(' '));
    }
    return squash(element.textContent);
  };
  const named = (name) => ('name' in query ? name === query.name : new RegExp(query.pattern).test(name));
  const visible = (element) =>
    element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
  for (const element of document.querySelectorAll(selectors[query.role])) {
    if (visible(element) && named(nameOf(element))) return element;
  }
  return null;
}`;

/** A script expression: the element for `query`, or `null`. */
export function findElementExpression(query: ElementQuery): string {
  return `(${findElementSource})(${JSON.stringify(query)})`;
}
