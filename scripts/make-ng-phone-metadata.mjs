// Regenerates contract/ng-phone-metadata.json: libphonenumber-js's full ("max") metadata cut down
// to Nigeria (country NG, calling code 234), in the library's own metadata format (version,
// country_calling_codes, countries, nonGeographic), which the `libphonenumber-js/core` functions
// take as their last argument (the library's README, "Custom metadata").
//
// Why: the default "min" metadata checks only lengths and accepts some invalid Nigerian numbers
// (product.md, "Money, phones, banks, time"); the full metadata for every country is ~157 kB.
//
// Run after upgrading libphonenumber-js: `node scripts/make-ng-phone-metadata.mjs`, then review
// the diff of the JSON and run contract/phone.test.ts. The JSON is checked in.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';

const require = createRequire(import.meta.url);
const sourcePath = require.resolve('libphonenumber-js/metadata.max.json');
const targetPath = fileURLToPath(new URL('../contract/ng-phone-metadata.json', import.meta.url));
const libraryVersion = JSON.parse(
  readFileSync(join(dirname(sourcePath), 'package.json'), 'utf8'),
).version;

const full = JSON.parse(readFileSync(sourcePath, 'utf8'));
const country = 'NG';
const callingCode = '234';

const plan = full.countries?.[country];
if (!Array.isArray(plan)) throw new Error(`${sourcePath}: no numbering plan for ${country}`);
// The first element of a minified numbering plan is its calling code.
if (plan[0] !== callingCode) {
  throw new Error(`${country} has calling code ${plan[0]}, expected ${callingCode}`);
}
const sharers = full.country_calling_codes?.[callingCode];
if (!Array.isArray(sharers) || sharers.length !== 1 || sharers[0] !== country) {
  // A shared calling code would need every sharing country's plan to parse +234 numbers right.
  throw new Error(`calling code ${callingCode} is shared by ${JSON.stringify(sharers)}`);
}

const metadata = {
  version: full.version,
  country_calling_codes: { [callingCode]: [country] },
  countries: { [country]: plan },
  nonGeographic: {},
};

// Formatted as `prettier --check .` expects, so a regeneration leaves lint clean.
const text = await format(JSON.stringify(metadata), {
  ...(await resolveConfig(targetPath)),
  filepath: targetPath,
});
writeFileSync(targetPath, text);
console.log(
  `wrote ${targetPath} from libphonenumber-js ${libraryVersion} metadata.max.json` +
    ` (${JSON.stringify(metadata).length} bytes minified)`,
);
