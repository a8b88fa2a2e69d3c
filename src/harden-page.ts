// The page's first script (index.html loads it before the app): freezes the language's
// intrinsics before any library or Cove's own code runs (src/base/harden-intrinsics.ts).
import { hardenIntrinsics, hiddenIntrinsics } from './base/harden-intrinsics';

const report = hardenIntrinsics(globalThis, hiddenIntrinsics());
if (report.failures.length) {
  console.warn(`Cove could not freeze every intrinsic: ${report.failures.join('; ')}`);
}
