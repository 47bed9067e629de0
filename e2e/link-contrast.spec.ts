/**
 * A link drawn as a button keeps its text readable in every state (WCAG 1.4.3, 4.5:1), in light
 * and in dark: at rest, under the pointer, pressed and focused. Reads the computed colours of the
 * real page, since axe checks only the state the page is in (issue 27, point 2: the hover rule
 * for text links once turned the primary "Return to <merchant>" button's text the colour of its
 * background).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createSubscriptionWithSetupLink } from './merchant-api';
import { merchantReturnUrl } from './setup-flow';

type Rgba = [number, number, number, number];

function parseColor(css: string): Rgba {
  const parts = css.match(/[\d.]+/g)?.map(Number) ?? [];
  if (!css.startsWith('rgb') || parts.length < 3) throw new Error(`unexpected colour ${css}`);
  return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
}

function luminance([r, g, b]: Rgba): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function contrast(a: Rgba, b: Rgba): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The element's text colour and the first opaque background at or behind it. */
async function colorsOf(link: Locator): Promise<{ text: Rgba; background: Rgba }> {
  const { text, background } = await link.evaluate((element) => {
    let node: Element | null = element;
    let background = 'rgb(255, 255, 255)';
    while (node) {
      const value = getComputedStyle(node).backgroundColor;
      if (value !== 'transparent' && !/,\s*0\)$/.test(value)) {
        background = value;
        break;
      }
      node = node.parentElement;
    }
    return { text: getComputedStyle(element).color, background };
  });
  return { text: parseColor(text), background: parseColor(background) };
}

async function expectReadable(link: Locator, state: string): Promise<void> {
  const { text, background } = await colorsOf(link);
  const ratio = contrast(text, background);
  expect(
    ratio,
    `${state}: text ${text.join(',')} on ${background.join(',')}`,
  ).toBeGreaterThanOrEqual(4.5);
}

async function openApprovedStatusAndStay(page: Page): Promise<Locator> {
  const { setupUrl } = await createSubscriptionWithSetupLink({ callbackUrl: merchantReturnUrl });
  await page.route('https://merchant.example.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>Merchant</h1>' }),
  );
  const url = new URL(setupUrl);
  await page.goto(url.pathname + url.hash);
  await page.getByRole('option', { name: 'Guaranty Trust Bank' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('textbox', { name: 'Account number' }).fill('0000000025');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('checkbox', { name: /I authorize Adaeze Fitness/ }).check();
  await page.getByRole('button', { name: 'Authorize direct debit' }).click();
  await page.getByRole('button', { name: 'Stay here' }).click();
  const link = page.getByRole('link', { name: 'Return to Adaeze Fitness' });
  await expect(link).toBeVisible();
  return link;
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the primary "Return to" button keeps 4.5:1 at rest, hovered, pressed and focused (${colorScheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    const link = await openApprovedStatusAndStay(page);
    await page.mouse.move(0, 0);
    await expectReadable(link, 'at rest');

    await link.hover();
    expect(await link.evaluate((element) => element.matches(':hover'))).toBe(true);
    await expectReadable(link, 'hovered');

    await page.mouse.down();
    expect(await link.evaluate((element) => element.matches(':active'))).toBe(true);
    await expectReadable(link, 'pressed');
    // Let go elsewhere, so the press does not follow the link.
    await page.mouse.move(0, 0);
    await page.mouse.up();

    await link.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await link.evaluate((element) => element.matches(':focus-visible'))).toBe(true);
    await expectReadable(link, 'focused');
  });
}
