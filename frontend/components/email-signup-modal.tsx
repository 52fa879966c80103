/** Placeholder: the deals sign-up modal arrives with the public-site work. */
export function EmailSignupModal() {
  return null;
}
