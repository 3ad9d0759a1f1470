/** Cookie set when the visitor closes the app-download popup, kept for a year. */
export const APP_POPUP_COOKIE = "app_popup";
