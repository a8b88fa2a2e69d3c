/**
 * An amount in US dollars (what model prices are given in), written the way the UI's
 * language writes money: "$0.0123" in English, "0,0123 $" in German.
 */
export function formatUsd(locale: string, amount: number, digits: number): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount);
}
