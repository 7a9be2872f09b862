/**
 * The Node.js lines AquaDesk supports (ADR 032): 22 from 22.12, and 24. An older Node still
 * starts (these machines ship Node 20, and README's `npm start` must start there), but the start
 * log says in one line that it is unsupported and which to install. A newer line than 24 is not
 * tested yet, and says so.
 */
export const SUPPORTED_NODE = '22.12 or later (22 or 24 LTS)';

/** A warning for the start log, or null when `version` (process.version) is a supported line. */
export function nodeVersionWarning(version: string = process.version): string | null {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  if (major < 22 || (major === 22 && minor < 12)) {
    return (
      `Node.js ${version} is not supported (end of life): AquaDesk runs on Node.js ${SUPPORTED_NODE}. ` +
      'Install Node.js 24 LTS (README, "Running in your shop").'
    );
  }
  if (major > 24 && major % 2 === 1) {
    return `Node.js ${version} is not an LTS line: AquaDesk is tested on Node.js 22 and 24.`;
  }
  return null;
}
