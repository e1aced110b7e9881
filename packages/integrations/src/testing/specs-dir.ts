import { fileURLToPath } from 'node:url';

/** The official vendor specs kept beside the repository (../shared/specs, see its README). */
export const SPECS_DIR = fileURLToPath(new URL('../../../../../shared/specs/', import.meta.url));
