import { Button, Flex, Text } from "@radix-ui/themes";
import { useEffect, useRef } from "react";
import SignaturePad from "signature_pad";
import { SIGNATURE_MAX_CHARS } from "../../../schema/api/constants";
import { invalidProps } from "../../lib/use-form";
import { FieldError } from "../admin/form-field";
import "./signature.css";

/**
 * A signature drawn with a finger or a mouse (signature_pad): the engineer's on their paperwork, the
 * customer's on the quote they accept. Each stroke saves the drawing as a small PNG (the canvas at
 * most twice its CSS size); a saved signature shows as an image with "Sign again".
 */
export function SignatureField({
  id,
  label,
  value,
  onChange,
  error,
  disabled,
  maxChars = SIGNATURE_MAX_CHARS,
}: {
  id: string;
  /** "Engineer's signature", "Your signature"… */
  label: string;
  value: string | null;
  onChange: (dataUrl: string | null) => void;
  error?: string;
  disabled?: boolean;
  /** The longest data URL the API takes for this signature: a larger drawing is sent at its screen size. */
  maxChars?: number;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const limit = useRef(maxChars);
  limit.current = maxChars;

  useEffect(() => {
    const element = canvas.current;
    if (!element || value) return;
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    element.width = element.offsetWidth * ratio;
    element.height = element.offsetHeight * ratio;
    element.getContext("2d")?.scale(ratio, ratio);
    const signature = new SignaturePad(element, { penColor: "#0b1f33", minWidth: 0.8, maxWidth: 2.4 });
    signature.addEventListener("endStroke", () => {
      let png = signature.toDataURL("image/png");
      if (png.length > limit.current) png = shrink(element);
      changed.current(png);
    });
    pad.current = signature;
    return () => {
      signature.off();
      pad.current = null;
    };
  }, [value]);

  return (
    <div>
      <Text as="p" size="2" weight="medium" id={`${id}-label`}>
        {label}
      </Text>
      {value ? (
        <img src={value} alt={label} className="signature-image" />
      ) : (
        <canvas
          ref={canvas}
          id={id}
          className="signature-pad"
          role="img"
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint`}
          {...invalidProps(id, error)}
        />
      )}
      <Flex justify="between" align="center" gap="2" mt="1">
        <Text as="p" size="1" color="gray" id={`${id}-hint`}>
          {value ? "Signed." : "Sign in the box with a finger or the mouse."}
        </Text>
        <Button type="button" variant="soft" color="gray" disabled={disabled || !value} onClick={() => onChange(null)}>
          Sign again
        </Button>
      </Flex>
      <FieldError id={id} error={error} />
    </div>
  );
}

/** The drawing at its CSS size, when twice that is too large to send. */
function shrink(element: HTMLCanvasElement): string {
  const small = document.createElement("canvas");
  small.width = element.offsetWidth;
  small.height = element.offsetHeight;
  small.getContext("2d")?.drawImage(element, 0, 0, small.width, small.height);
  return small.toDataURL("image/png");
}
