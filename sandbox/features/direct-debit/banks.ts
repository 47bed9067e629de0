/**
 * The banks offered in the hosted setup (`GET /direct-debit/setup/banks`, contract/banks.ts), from
 * `sandbox/seed/ng-banks.json` (facts and sources in `sandbox/seed/ng-banks.md`).
 */
import { z } from 'zod';
import { bankSchema, bankTypeSchema, type Bank } from '../../../contract/banks';
import seed from '../../seed/ng-banks.json' with { type: 'json' };

const seedEntrySchema = z.object({
  name: z.string(),
  shortName: z.string(),
  code: z.string().nullable(),
  nipCode: z.string().optional(),
  slug: z.string().optional(),
  type: bankTypeSchema,
});

function toBank(entry: z.infer<typeof seedEntrySchema>): Bank {
  const id = entry.nipCode ?? entry.slug;
  if (id === undefined) throw new Error(`Seed bank ${entry.name} has neither nipCode nor slug`);
  return bankSchema.parse({
    id,
    name: entry.name,
    shortName: entry.shortName,
    cbnCode: entry.code,
    type: entry.type,
  });
}

/** Every bank, sorted by name (English collation). Parsed once, on first use. */
let cached: readonly Bank[] | null = null;

/** The bank list: id = NIP code (or slug when none), cbnCode = CBN code or null, by name. */
export function listBanks(): readonly Bank[] {
  cached ??= z
    .array(seedEntrySchema)
    .parse(seed)
    .map(toBank)
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return cached;
}

/** The bank with `id`, or undefined. */
export function findBank(id: string): Bank | undefined {
  return listBanks().find((bank) => bank.id === id);
}
