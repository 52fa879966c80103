/**
 * Words of danger in a quote request or a chat hand-over: a request that says one of these is
 * urgent on arrival (shown first, with the reason, kept out of "Reply to All", and the owner is
 * e-mailed at once). Written for how people describe the problem, not how engineers name it.
 */
type Rule = { reason: string; test: (text: string) => boolean };

const any =
  (...patterns: RegExp[]) =>
  (text: string) =>
    patterns.some((p) => p.test(text));

const VULNERABLE =
  /\b(elderly|old lady|old man|pensioner|\d{2,3}[- ]year[- ]old|baby|babies|newborn|infant|toddler|pregnant|disabled|disability|wheelchair|vulnerable|poorly|unwell|ill\b|dementia|oxygen|chemo|cancer|housebound)/i;

const rules: Rule[] = [
  {
    reason: "Smell of gas",
    test: any(
      /\bsmell(s|ing)?\b[^.!?]{0,25}\bgas\b/i,
      /\bgas\b[^.!?]{0,15}\b(smell|leak|leaking|escape)/i,
      /\bsmells? like gas\b/i,
    ),
  },
  {
    reason: "Carbon monoxide alarm",
    test: any(/carbon monoxide/i, /\bco\b[^.!?]{0,15}\b(alarm|detector|beeping|going off)/i),
  },
  {
    reason: "Smell of burning or smoke",
    test: any(
      /\b(smell|smells|smelling)\b[^.!?]{0,25}\bburn/i,
      /\bburning smell\b/i,
      /\bsmok(e|ing)\b/i,
      /\bscorch/i,
      /\bsparks?\b/i,
    ),
  },
  {
    reason: "Water coming through a ceiling",
    test: any(
      /\b(leak|leaking|dripping|pouring|water)\b[^.!?]{0,40}\bceiling\b/i,
      /\bceiling\b[^.!?]{0,40}\b(leak|leaking|dripping|pouring|wet|water|collaps)/i,
    ),
  },
  {
    reason: "No heating or hot water, with a vulnerable person",
    test: (text) =>
      /\bno (heating|heat|hot water)\b|\bwithout (heating|heat|hot water)\b|\b(heating|boiler)\b[^.!?]{0,20}\b(not working|broken|died|stopped)/i.test(
        text,
      ) && VULNERABLE.test(text),
  },
];

/** Why a request is urgent, or null. The first rule that matches names it. */
export function urgentReason(...texts: (string | null | undefined)[]): string | null {
  const text = texts.filter(Boolean).join("\n");
  return rules.find((rule) => rule.test(text))?.reason ?? null;
}
