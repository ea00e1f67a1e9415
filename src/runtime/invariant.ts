// A check that cannot fail unless the program (or data it was given) is wrong. Like tiny-invariant
// in production, the reader sees only the generic text; the detail goes to the console for whoever
// debugs it.
import { TEXT } from './constants.ts';

export function invariant(condition: unknown, detail?: string): asserts condition {
  if (condition) return;
  if (detail) console.error(`${TEXT.invariantFailed}: ${detail}`);
  throw new Error(TEXT.invariantFailed);
}
