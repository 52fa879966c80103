import { Checkbox, Flex, Text } from "@radix-ui/themes";
import { useEngineers } from "../../../hooks/admin/use-engineers";

/**
 * Who does the visit: one engineer, or more for a two-person job. Shown only when the team has more
 * than one person who does the work; left unticked, the visit goes to whoever adds it if they are an
 * engineer, else to the owner.
 */
export function EngineersField({
  idPrefix,
  chosen,
  onChange,
  error,
}: {
  idPrefix: string;
  chosen: number[];
  onChange: (engineers: number[]) => void;
  error?: string;
}) {
  const engineers = useEngineers();
  if ((engineers.data?.length ?? 0) < 2) return null;
  const toggle = (id: number, on: boolean) =>
    onChange((on ? [...chosen, id] : chosen.filter((c) => c !== id)).sort((a, b) => a - b));
  return (
    <fieldset className="admin-span-all calendar-fieldset" aria-describedby={error ? `${idPrefix}-error` : undefined}>
      <legend>Engineers</legend>
      <Flex gap="4" wrap="wrap">
        {engineers.data!.map((e) => (
          <Text as="label" size="2" key={e.id}>
            <Flex gap="2" align="center">
              <Checkbox checked={chosen.includes(e.id)} onCheckedChange={(on) => toggle(e.id, on === true)} />
              {e.name}
            </Flex>
          </Text>
        ))}
      </Flex>
      {error ? (
        <Text id={`${idPrefix}-error`} size="1" color="red" role="alert">
          {error}
        </Text>
      ) : null}
    </fieldset>
  );
}
