import { BOUNDS } from '../../../shared/forms/inquiry';
import { FIRST_INSTALLATION_YEAR } from '../../../shared/forms/service';

/**
 * The numbers a field error names ("from 20 to 1000"), taken from the bounds the schemas check, so
 * a changed bound changes its message in every language at once.
 */
export function messageParams(message: string): Record<string, number> | undefined {
  switch (message) {
    case 'form.errors.width':
      return BOUNDS.width;
    case 'form.errors.height':
      return BOUNDS.height;
    case 'form.errors.length':
      return BOUNDS.length;
    case 'form.errors.amount':
      return BOUNDS.amount;
    case 'form.errors.year':
      return { min: FIRST_INSTALLATION_YEAR, max: new Date().getFullYear() };
    default:
      return undefined;
  }
}
