/** A phone number as people write it ("0161 496 0555", "+44 (161)…") as a link that rings it. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;
