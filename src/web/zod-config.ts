/**
 * zod 4 probes `new Function` to speed up parsing; under the CSP (script-src 'self', no eval) the
 * probe is refused and reported as a violation. Parse without it (found by e2e/security.spec.ts).
 * Loaded by main.tsx beside the translations, before the first render: zod then stays out of the
 * initial bundle (every schema lives in a lazy page's chunk, built after this has run).
 */
import { z } from 'zod';

z.config({ jitless: true });
