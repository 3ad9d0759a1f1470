/**
 * Imported first by the account tests (before any module of the app reads the environment): every captcha they
 * draw shows CAPTCHA (CAPTCHA_TEST_TEXT, accepted with NODE_ENV=test only), so a test can answer it.
 */
export const CAPTCHA = "AbC23";
process.env.CAPTCHA_TEST_TEXT = CAPTCHA;
