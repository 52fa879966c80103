import { Button } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { company } from "../../../schema/business";
import { PhoneIcon } from "./icons";

type CallButtonProps = {
  children?: ReactNode;
  size?: "2" | "3" | "4";
  variant?: "solid" | "outline" | "surface";
  emergency?: boolean;
  className?: string;
};

/** A big call-to-action that dials the company (the price pages' buttons call the phone). */
export function CallButton({ children, size = "3", variant = "solid", emergency = false, className }: CallButtonProps) {
  const href = emergency ? company.emergencyPhoneHref : company.phoneHref;
  const number = emergency ? company.emergencyPhone : company.phone;
  return (
    <Button asChild size={size} variant={variant} className={["call-button", className].filter(Boolean).join(" ")}>
      <a href={href}>
        <PhoneIcon size={18} /> {children ?? `Call ${number}`}
      </a>
    </Button>
  );
}
