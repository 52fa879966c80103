import { CART_SESSION_PREFIX } from "../../schema/api/constants";
import { randomHex } from "../../schema/random";

const KEY = "cart_session_id";

/** Created once per browser (prefix, timestamp, random string) and kept in localStorage. */
export function getCartSessionId(): string {
  let id = localStorage.getItem(KEY);
  if (!id) {
    id = `${CART_SESSION_PREFIX}${Date.now()}_${randomHex(16)}`;
    localStorage.setItem(KEY, id);
  }
  return id;
}
