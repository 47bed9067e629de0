/**
 * What every hosted page says when the service refused a request for too many attempts
 * (service-api.md, "Errors": 429 with `Retry-After`), in the active language.
 */
import { translate } from '../messages/i18n';

/** "Too many attempts. Wait 30 s, then try again." (`seconds` from Retry-After, null if absent). */
export function rateLimitedMessage(seconds: number | null): string {
  return seconds === null
    ? translate('common.failure.rateLimited')
    : translate('common.failure.rateLimitedFor', { seconds });
}
