import { prepareTestTemplate, TEST_TEMPLATE_ENV } from '../db/test-database';

// Vitest's global setup for the suites that open databases: migrate once per run, and let every
// test file start from a copy (the workers inherit the variable).
export default async function setup() {
  process.env[TEST_TEMPLATE_ENV] = await prepareTestTemplate();
}
