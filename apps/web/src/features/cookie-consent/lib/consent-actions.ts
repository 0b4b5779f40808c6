/** What a button of the compact banner does; the prerendered pages' script reads it too. */
export type ConsentAction = 'accept_all' | 'necessary_only' | 'customise';
export const CONSENT_ACTION_ATTRIBUTE = 'data-consent-action';
