/**
 * `npm run sandbox -- branding …`: show or change the demo merchant's branding (display name,
 * brand colour, logo URL or logo file; contract/branding.ts, sandbox/README.md "Branding") through
 * the running sandbox's HTTP API. Changing branding takes a live key, so the command uses the demo
 * live key for both reading and changing.
 */
import { readFileSync } from 'node:fs';
import type { BrandingUpdate } from '../../../contract/branding';
import { callRunningSandbox, parseArgs, printJson } from '../../cli-support';
import type { DemoCredentials } from './demo-merchant';

/** Usage lines of this command, for the CLI's help. */
export const brandingCliUsage = `  branding [--name TEXT] [--color #rrggbb|none] [--logo-url URL | --logo-file PATH | --no-logo]
                                               show or change the merchant's branding
                                               (a PNG or SVG file of at most 32 KB; running sandbox)`;

/**
 * The update the options ask for, or null when they ask for none (show the branding).
 * @throws Error when more than one logo option is given.
 */
export function brandingUpdateOf(
  options: Map<string, string>,
  readFile: (path: string) => Uint8Array = (path) => readFileSync(path),
): BrandingUpdate | null {
  const update: BrandingUpdate = {};
  const name = options.get('name');
  if (name !== undefined) update.displayName = name;
  const color = options.get('color');
  if (color !== undefined) update.brandColor = color === 'none' ? null : color;
  const logoOptions = ['logo-url', 'logo-file', 'no-logo'].filter((option) => options.has(option));
  if (logoOptions.length > 1) throw new Error('Give one of --logo-url, --logo-file, --no-logo');
  const logoUrl = options.get('logo-url');
  const logoFile = options.get('logo-file');
  if (logoUrl !== undefined) update.logo = { url: logoUrl };
  else if (logoFile !== undefined) {
    // The sandbox decides the type by the bytes, so the file's name is not sent.
    update.logo = { upload: Buffer.from(readFile(logoFile)).toString('base64') };
  } else if (options.has('no-logo')) update.logo = null;
  return Object.keys(update).length === 0 ? null : update;
}

/**
 * Prints the branding, after changing it when options ask for a change.
 * @throws Error on unknown options, an unreadable file, or when the sandbox refuses (its message).
 */
export async function runBrandingCli(
  args: readonly string[],
  credentials: DemoCredentials,
): Promise<void> {
  const { options } = parseArgs(args, {
    valued: ['name', 'color', 'logo-url', 'logo-file', 'base-url'],
    flags: ['no-logo'],
  });
  const target = {
    baseUrl: options.get('base-url') ?? credentials.baseUrl,
    key: credentials.liveSecretKey,
  };
  const update = brandingUpdateOf(options);
  const path = '/sandbox/v1/merchant/branding';
  printJson(
    await (update === null
      ? callRunningSandbox(target, 'GET', path)
      : callRunningSandbox(target, 'PUT', path, update)),
  );
}
