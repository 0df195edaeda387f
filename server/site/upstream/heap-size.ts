/**
 * About what a value parsed from JSON takes in V8's heap (64-bit, no pointer compression: Node's own
 * builds), for caches bounded by what they hold rather than by their JSON's length: a parsed answer of
 * the content API weighs 1.3 to 2 times its text, by how many small objects and short strings it has. Counted:
 * an object's header and a slot per property, an array's header and backing store, a string's header
 * and characters (one byte each if all are Latin-1, else two), a heap number for a number that is not
 * a small integer. Property names are shared (internalized) and not counted; nor are hidden classes.
 * On the content API's answers it comes out 2 to 16 % above what V8 measures
 * (scripts/probes/heap-size-calibration.ts), and so errs on the side of a smaller cache.
 */
export function heapSizeOf(value: unknown): number {
  switch (typeof value) {
    case 'string':
      // SeqString: map, hash and length (16 bytes), then the characters, to 8 bytes.
      return align(16 + value.length * (isLatin1(value) ? 1 : 2));
    case 'number':
      return Number.isInteger(value) && value >= -(2 ** 31) && value < 2 ** 31 ? 0 : 16;
    case 'object': {
      if (value === null) return 0;
      if (Array.isArray(value)) {
        // JSArray (32) and its FixedArray (16 + a slot each).
        let size = 32 + 16 + 8 * value.length;
        for (const item of value) size += heapSizeOf(item);
        return size;
      }
      // JSObject (24) and a slot per property, in the object or in a property array.
      let size = 24;
      for (const key in value) size += 8 + heapSizeOf((value as Record<string, unknown>)[key]);
      return size;
    }
    default:
      return 0;
  }
}

const align = (bytes: number) => (bytes + 7) & ~7;

function isLatin1(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0xff) return false;
  return true;
}
