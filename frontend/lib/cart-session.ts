import { CART_SESSION_PREFIX } from "../../schema/api/constants";

const KEY = "cart_session_id";

/** 128 random bits as 32 hex characters. */
function randomPart(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Created once per browser (prefix, timestamp, random string) and kept in localStorage. */
export function getCartSessionId(): string {
  let id = localStorage.getItem(KEY);
  if (!id) {
    id = `${CART_SESSION_PREFIX}${Date.now()}_${randomPart()}`;
    localStorage.setItem(KEY, id);
  }
  return id;
}
