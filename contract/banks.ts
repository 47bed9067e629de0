/**
 * Banks as the hosted setup lists them (service-api.md, "Hosted customer setup",
 * `GET /direct-debit/setup/banks`). Facts come from shared/data/ng-banks.json.
 * `zod/mini`: the setup page reads the list on its first load (docs/decisions/0018).
 */
import { z } from 'zod/mini';

export const bankTypeSchema = z.enum(['commercial', 'microfinance', 'mobile-money', 'other']);

export const bankSchema = z.object({
  /** Stable id sent back as `bankId`: the NIP institution code, or the slug when there is none. */
  id: z.string().check(z.minLength(1), z.maxLength(40)),
  name: z.string(),
  shortName: z.string(),
  /** CBN bank code used by the NUBAN check digit, or null when no CBN code is known. */
  cbnCode: z.nullable(z.string().check(z.regex(/^\d{3,6}$/))),
  type: bankTypeSchema,
});
export type Bank = z.infer<typeof bankSchema>;

export const bankListResponseSchema = z.object({ data: z.array(bankSchema) });
export type BankListResponse = z.infer<typeof bankListResponseSchema>;
