/**
 * One rule for a person's full name, wherever the product splits it: the last word is the last
 * name, the rest the first ("Mary Ann Smith" → "Mary Ann", "Smith"); one word is a first name only.
 * Greetings use the first name so found ("Hello Mary Ann,").
 */
export function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { firstName: words[0] ?? "", lastName: "" };
  return { firstName: words.slice(0, -1).join(" "), lastName: words[words.length - 1]! };
}

/** The name to greet someone by: the first name of the one rule above. */
export const firstNameOf = (name: string): string => splitName(name).firstName;
