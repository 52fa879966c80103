/**
 * Plain constants of the API contracts, kept free of zod so the pages that need only these (every
 * page: the fetcher, the cart session, the quote form) do not download the validation library.
 * The schema modules re-export them.
 */
export const CART_SESSION_PREFIX = "session_";
export const CART_SESSION_HEADER = "X-Cart-Session";
export const MAX_LINE_QUANTITY = 99;
export const QUOTE_REQUIRED_MESSAGE = "Please fill in your name, phone, email, postcode, and service type. Message is optional.";
export const CHAT_SESSION_PREFIX = "chat_";
export const CHAT_MESSAGE_MAX_LENGTH = 1000;
/** What the sign-up form tells every visitor, whoever the address belongs to (POST /api/email-signups). */
export const SIGNUP_CHECK_INBOX =
  "Check your inbox: we've sent you a link to confirm your sign-up. You'll start getting deals once you confirm.";
