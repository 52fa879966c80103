import { Flex, IconButton, TextField } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { MAX_LINE_QUANTITY } from "../../../schema/api/constants";
import { MinusIcon, PlusIcon } from "../store/icons";
import "./cart.css";

type Props = {
  name: string;
  quantity: number;
  onChange: (quantity: number) => void;
  disabled?: boolean;
  /** Plus stops here: how many are known to be left, when fewer than the most one line may hold. */
  max?: number;
};

/**
 * Minus (disabled at 1), a numeric input (minimum 1) and plus. A typed quantity is sent when the
 * field is left or Enter is pressed, not on every keystroke; 0 removes the line. A typed quantity
 * above what is left is still sent, so the server's refusal says how many there are.
 */
export function QuantityControl({ name, quantity, onChange, disabled = false, max = MAX_LINE_QUANTITY }: Props) {
  const [draft, setDraft] = useState(String(quantity));
  useEffect(() => setDraft(String(quantity)), [quantity]);

  function commit() {
    const value = Number(draft);
    if (draft.trim() === "" || !Number.isInteger(value)) return setDraft(String(quantity));
    const next = Math.min(value, MAX_LINE_QUANTITY);
    if (next !== quantity) onChange(next);
    else setDraft(String(quantity));
  }

  return (
    <Flex align="center" gap="1" className="quantity-control">
      <IconButton
        variant="soft"
        color="gray"
        size="2"
        aria-label={`Decrease quantity of ${name}`}
        disabled={disabled || quantity <= 1}
        onClick={() => onChange(quantity - 1)}
      >
        <MinusIcon />
      </IconButton>
      <TextField.Root
        type="number"
        size="2"
        min={1}
        max={max}
        inputMode="numeric"
        aria-label={`Quantity of ${name}`}
        className="quantity-control__input"
        disabled={disabled}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === "Enter") commit();
        }}
      />
      <IconButton
        variant="soft"
        color="gray"
        size="2"
        aria-label={`Increase quantity of ${name}`}
        disabled={disabled || quantity >= max}
        onClick={() => onChange(quantity + 1)}
      >
        <PlusIcon />
      </IconButton>
    </Flex>
  );
}
