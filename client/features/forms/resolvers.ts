import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type * as z from 'zod/mini';
import { inquiryForm } from '../../../shared/forms/inquiry-form';
import type { FormValues } from './values';

/**
 * react-hook-form resolvers over the shared zod schemas: the browser checks a form with the very
 * schema the server checks it with. The forms hold their values loosely typed (`FormValues`), the
 * schemas take exactly that shape (strings, booleans, lists), so the casts only widen the types.
 */
export function schemaResolver(schema: z.ZodMiniType): Resolver<FormValues> {
  return zodResolver(schema as unknown as z.ZodMiniType<unknown, FieldValues>) as unknown as Resolver<FormValues>;
}

/**
 * The inquiry's resolver. Its schema checks the product fields of the chosen offer type even while
 * other fields fail, so checking one step (`trigger` with that step's fields) reports that step's
 * problems while the later steps are still empty.
 */
export function inquiryResolver(): Resolver<FormValues> {
  return schemaResolver(inquiryForm);
}
