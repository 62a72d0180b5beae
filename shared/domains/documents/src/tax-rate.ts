import * as z from 'zod';
import { DOCUMENT_MESSAGES as M } from './messages';

/**
 * The business's own tax rates (GET/POST /tax-rates, PUT/DELETE /tax-rates/{id}): a name and a
 * rate in basis points (7.25 % = 725). A line item names one by id; a deleted rate stays in the totals already
 * stored, but new saves that name it fail with 'Unknown tax rate'.
 */
export const taxRateInputSchema = z.object({
  name: z.string({ error: M.taxRateNameRequired }).trim().min(1, M.taxRateNameRequired).max(100),
  rate: z
    .number({ error: M.taxRateInvalid })
    .int(M.taxRateInvalid)
    .min(0, M.taxRateInvalid)
    .max(10_000, M.taxRateInvalid),
});
export type TaxRateInput = z.input<typeof taxRateInputSchema>;
export const taxRateUpdateSchema = taxRateInputSchema.partial();
export type TaxRateUpdate = z.input<typeof taxRateUpdateSchema>;

export const taxRateSchema = z.object({
  _id: z.string(),
  name: z.string(),
  rate: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TaxRate = z.infer<typeof taxRateSchema>;

/** 725 → "7.25%". */
export function formatRate(basisPoints: number): string {
  const whole = Math.trunc(basisPoints / 100);
  const frac = String(basisPoints % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${whole}${frac ? `.${frac}` : ''}%`;
}
