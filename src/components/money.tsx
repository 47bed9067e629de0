/** An amount in naira, written ₦5,000.00 (src/lib/format.ts). */
import { formatNaira } from '../lib/format';

export function Money({ amount }: { amount: number }) {
  return <span className="money">{formatNaira(amount)}</span>;
}
