/**
 * Hands a mailto: link to the owner's mail program through a real link click, the same path a
 * click on an e-mail address takes (and one a test can observe without a mail program).
 */
export function openMailto(href: string) {
  const link = document.createElement("a");
  link.href = href;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

/** One message to many people without showing them each other's addresses. */
export function bccMailto(addresses: string[], subject: string) {
  const bcc = [...new Set(addresses)].map(encodeURIComponent).join(",");
  return `mailto:?bcc=${bcc}&subject=${encodeURIComponent(subject)}`;
}
