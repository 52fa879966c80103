/**
 * Plain constants of the API contracts, kept free of zod so the pages that need only these (every
 * page: the fetcher, the cart session, the quote form) do not download the validation library.
 * The schema modules re-export them.
 */
export const CART_SESSION_PREFIX = "session_";
export const CART_SESSION_HEADER = "X-Cart-Session";
export const MAX_LINE_QUANTITY = 99;
export const ENQUIRY_REQUIRED_MESSAGE =
  "Please fill in your name, phone, email, postcode, and service type. Message is optional.";
export const CHAT_SESSION_PREFIX = "chat_";
export const CHAT_MESSAGE_MAX_LENGTH = 1000;
/** What the sign-up form tells every visitor, whoever the address belongs to (POST /api/email-signups). */
export const SIGNUP_CHECK_INBOX =
  "Check your inbox: we've sent you a link to confirm your sign-up. You'll start getting deals once you confirm.";

/** The job sheet's limits (schema/api/visits.ts), which the phone's form also shows. */
export const MAX_SHEET_PARTS = 30;
export const MAX_SHEET_PHOTOS = 12;
/** A signature drawn on screen (signature_pad's PNG), within the API's 64 KB body with the rest of the form. */
export const SIGNATURE_MAX_CHARS = 48_000;

/** A phone number as customers write it (spaces, brackets, a leading +), or nothing. */
export const PHONE_PATTERN = /^(\+?[0-9 ()-]{10,20})?$/;
export const PHONE_MESSAGE = "Please enter a valid phone number";
