import { defineConfig } from 'vitest/config';
import banksiaCore from './integrations/banksia-core.mjs';

export default defineConfig({
  // The packages of banksia-core as the build loads them (read from disk).
  plugins: [banksiaCore()],
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'integrations/**/*.test.ts'],
    environment: 'node',
    // React's act() warns unless the environment says it is a test's.
    setupFiles: ['./src/test-setup.ts'],
  },
});
