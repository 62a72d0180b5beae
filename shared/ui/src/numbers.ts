/** Counts as the apps show them: digits grouped the one way the product's texts use ('12,345'), in every locale. */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}
